import Testing

@testable import WindowServer

@Suite("Status report")
struct StatusReportTests {
    @Test("READY=1 goes out once, and the line it carried is not sent again")
    func readyOnce() {
        var report = StatusReport()
        let first = report.readied(with: "0 windows")
        let second = report.readied(with: "1 windows")
        let scheduled = report.schedule()
        let sent = report.due("0 windows")
        #expect(first && !second && scheduled)
        #expect(sent == nil, "the line READY=1 carried")
    }

    @Test("one send is scheduled at a time, and a line goes out only when it changed")
    func rateLimited() {
        var report = StatusReport()
        var steps: [String] = []
        steps.append("\(report.schedule())")
        steps.append("\(report.schedule())")
        steps.append(report.due("2 windows") ?? "-")
        steps.append("\(report.schedule())")
        steps.append(report.due("2 windows") ?? "-")
        steps.append("\(report.schedule())")
        steps.append(report.due("3 windows") ?? "-")
        #expect(steps == ["true", "false", "2 windows", "true", "-", "true", "3 windows"])
    }
}
