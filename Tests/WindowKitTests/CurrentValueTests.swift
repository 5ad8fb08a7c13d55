import Testing

@testable import WindowKit

@Suite("Current values and broadcasts")
struct CurrentValueTests {
    @Test("a stream starts with the value now, then each change; an equal value is no change")
    func streamFollowsChanges() async {
        let value = CurrentValue(1)
        var iterator = value.stream().makeAsyncIterator()
        #expect(await iterator.next() == 1)
        value.set(1)
        value.set(2)
        value.update { $0 += 1 }
        #expect(await iterator.next() == 2)
        #expect(await iterator.next() == 3)
        value.finish()
        #expect(await iterator.next() == nil)
        #expect(value.value == 3, "the value stays readable after the end")
    }

    @Test("a listener that falls behind skips the oldest changes, never the newest")
    func slowListenerGetsTheNewest() async {
        let value = CurrentValue(0, bufferSize: 2)
        let stream = value.stream()
        for next in 1...10 { value.set(next) }
        value.finish()
        var seen: [Int] = []
        for await element in stream { seen.append(element) }
        #expect(seen == [9, 10])
    }

    @Test("cancelling the task that iterates ends its stream and removes the listener")
    func cancellationEndsTheStream() async {
        let value = CurrentValue(0)
        let task = Task {
            var seen: [Int] = []
            for await element in value.stream() { seen.append(element) }
            return seen
        }
        #expect(await Fixtures.yield { value.listenerCount == 1 })
        value.set(1)
        task.cancel()
        let seen = await task.value
        #expect(seen.first == 0)
        #expect(await Fixtures.yield { value.listenerCount == 0 })
        value.set(2)  // nobody to tell, no trap
    }

    @Test("a stream asked for after the end ends at once, with the value")
    func streamAfterFinish() async {
        let value = CurrentValue("last")
        value.finish()
        var seen: [String] = []
        for await element in value.stream() { seen.append(element) }
        #expect(seen == ["last"])
    }

    @Test("a broadcast reaches every listener; one that replays gives a late listener the last element")
    func broadcast() async {
        let plain = Broadcast<Int>()
        let early = plain.stream()
        plain.send(1)
        let late = plain.stream()
        plain.send(2)
        plain.finish()
        #expect(await Array(early) == [1, 2])
        #expect(await Array(late) == [2])

        let sticky = Broadcast<String>(replaysLast: true)
        sticky.send("dismissed")
        sticky.finish()
        #expect(await Array(sticky.stream()) == ["dismissed"], "a dismissal reaches a listener that comes after it")
    }

    @Test("what is sent while nobody listens is kept for the next listener, up to a limit")
    func keptUntilListened() async {
        let focus = Broadcast<Int>(keepsUntilListened: true)
        focus.send(1)
        focus.send(2)
        let first = focus.stream()
        focus.send(3)
        let second = focus.stream()
        focus.send(4)
        focus.finish()
        #expect(await Array(first) == [1, 2, 3, 4], "sent before the loop started listening, and after")
        #expect(await Array(second) == [4], "kept only for the listener that came first")

        let flood = Broadcast<Int>(keepsUntilListened: true)
        for element in 0..<5_000 { flood.send(element) }
        let late = flood.stream()
        flood.finish()
        let seen = await Array(late)
        #expect(seen.count == Broadcast<Int>.keptLimit && seen.last == 4_999)
    }

    @Test("listeners cancelled while another thread sends: no deadlock, each sees what was sent in order")
    func cancelWhileSending() async {
        let events = Broadcast<Int>()
        let sender = Task.detached {
            for value in 0..<200_000 { events.send(value) }
            events.finish()
        }
        for _ in 0..<200 {
            let listener = Task {
                var last = -1
                for await value in events.stream() {
                    if value <= last { return false }
                    last = value
                }
                return true
            }
            await Task.yield()
            listener.cancel()
            #expect(await listener.value)
        }
        await sender.value
    }

    @Test("a cancelled broadcast listener is removed")
    func broadcastCancellation() async {
        let events = Broadcast<Int>()
        let task = Task { for await _ in events.stream() {} }
        #expect(await Fixtures.yield { events.listenerCount == 1 })
        task.cancel()
        await task.value
        #expect(await Fixtures.yield { events.listenerCount == 0 })
    }
}

extension Array {
    init<Sequence: AsyncSequence>(_ sequence: Sequence) async
    where Sequence.Element == Element, Sequence.Failure == Never {
        self = []
        for await element in sequence { append(element) }
    }
}
