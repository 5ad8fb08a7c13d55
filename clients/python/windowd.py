"""A client of windowd for scripts: the standard library only, Python 3.9 or later.

One connection to the daemon's Unix socket, speaking its JSON-RPC 2.0 protocol
(windowd-protocol(7)): calls return the ``result`` object as Python values, a refusal raises a typed
error that carries ``data.reason``, and events come as an iterator::

    import windowd

    with windowd.Client() as client:                  # $WINDOWD_SOCKET, else the default path
                                                       # (windowd.Client(app="orders"): an app's instance)
        opened = client.open_window("detail", 42)
        print(opened["window"]["id"], "created" if opened["created"] else "brought to front")
        try:
            client.open_window("orders", "7d8e3a4c-4f1e-4c1e-9f3b-1a2b3c4d5e6f")
        except windowd.Unauthenticated as error:
            print("sign in first:", error.reason)     # "unauthenticated"

        subscription = client.subscribe(["window.opened", "app.state"])
        print(subscription.snapshot["state"])
        for event in subscription:                     # blocks; subscription.next(timeout=…) does not
            print(event.seq, event.name, event.params)

A program run under ``winctl run`` (or started by a group's ``command``) finds its window
in its environment and keeps its scene storage there::

    client = windowd.Client()                     # $WINDOWD_SOCKET / $WINDOWD_APP, as winctl run sets them
    scroll = client.storage_get(client.current_window()["id"], "scroll", 0)

A program that presents a window attaches to it and reads its events::

    scene = client.attach(group="detail", value=42)
    for event in client.events():
        if event.name == "window.dismiss":
            break

Numbers keep their exact text: a number that is not an integer comes back as a
``JSONNumber`` (a ``str`` holding the digits as sent) and is written back unchanged.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import time
from collections import deque
from decimal import Decimal

__all__ = [
    "Client", "Event", "Subscription", "JSONNumber", "default_socket_path",
    "WindowdError", "Unreachable", "Disconnected", "TimedOut", "ProtocolError", "Refused",
    "ParseError", "InvalidRequest", "MethodNotFound", "InvalidParams", "InternalError",
    "UnknownGroup", "InvalidValue", "UnknownWindow", "InvalidTransition", "WindowBusy",
    "LimitExceeded", "Forbidden", "Unauthenticated", "start_here", "normal_path",
]

PROTOCOL_VERSION = 1


# Errors ---------------------------------------------------------------------------------

class WindowdError(Exception):
    """Any failure of a call."""


class Unreachable(WindowdError):
    """The daemon cannot be reached at ``path``."""

    def __init__(self, path, cause):
        super().__init__("cannot reach windowd at %s: %s (%s)" % (path, cause, _start_advice(path)))
        self.path = path


class Disconnected(WindowdError):
    """The daemon closed the connection."""


class TimedOut(WindowdError):
    """No answer in time."""


class ProtocolError(WindowdError):
    """The daemon sent something that is not the protocol."""


class Refused(WindowdError):
    """The daemon answered with a JSON-RPC error: ``code``, ``message``, ``reason`` (``data.reason``)."""

    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data if isinstance(data, dict) else {}
        self.reason = self.data.get("reason")

    @staticmethod
    def from_error(error):
        """The most specific error class for a JSON-RPC error object."""
        code = error.get("code")
        data = error.get("data")
        reason = data.get("reason") if isinstance(data, dict) else None
        cls = _BY_REASON.get(reason) or _BY_CODE.get(code) or Refused
        return cls(code, error.get("message", ""), data)


class ParseError(Refused):
    """-32700: the line was not JSON."""


class InvalidRequest(Refused):
    """-32600: JSON, but not a JSON-RPC request."""


class MethodNotFound(Refused):
    """-32601: no such method."""


class InvalidParams(Refused):
    """-32602: the params do not fit the method."""


class InternalError(Refused):
    """-32603: the daemon could not do what it should."""


class UnknownGroup(Refused):
    """reason ``unknown_group``."""


class InvalidValue(Refused):
    """reason ``invalid_value``: the value does not parse as the group's type."""


class UnknownWindow(Refused):
    """reason ``unknown_window``."""


class InvalidTransition(Refused):
    """reason ``invalid_transition``: the app state machine does not allow it."""


class WindowBusy(Refused):
    """reason ``window_busy``: another presenter has the window (attach with ``takeover=True``)."""


class LimitExceeded(Refused):
    """reason ``limit_exceeded``."""


class Forbidden(Refused):
    """reason ``forbidden``."""


class Unauthenticated(Refused):
    """reason ``unauthenticated``: the group needs a signed-in user."""


_BY_REASON = {
    "unknown_group": UnknownGroup, "invalid_value": InvalidValue, "unknown_window": UnknownWindow,
    "invalid_transition": InvalidTransition, "window_busy": WindowBusy, "limit_exceeded": LimitExceeded,
    "forbidden": Forbidden, "unauthenticated": Unauthenticated,
}
_BY_CODE = {
    -32700: ParseError, -32600: InvalidRequest, -32601: MethodNotFound, -32602: InvalidParams, -32603: InternalError,
}


# JSON with exact numbers --------------------------------------------------------------------

class JSONNumber(str):
    """A JSON number kept as the text it was sent as (``1.50``, ``1e400``, ``-0``)."""

    def __float__(self):
        return float(str(self))


def _parse_int(text):
    return JSONNumber(text) if text == "-0" else int(text)


def _loads(data):
    return json.loads(data, parse_float=JSONNumber, parse_int=_parse_int)


def _dumps(value):
    """Compact JSON; ``JSONNumber`` and ``Decimal`` as their exact text."""
    if isinstance(value, JSONNumber):
        return str(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bool) or value is None or isinstance(value, (int, float, str)):
        return json.dumps(value, allow_nan=False, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(k), ensure_ascii=False) + ":" + _dumps(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_dumps(v) for v in value) + "]"
    raise TypeError("cannot send %r as JSON" % (value,))


# Events -------------------------------------------------------------------------------------

class Event:
    """An event: its ``name`` (``window.opened``, …), ``seq`` and ``params`` (``seq`` included)."""

    __slots__ = ("name", "seq", "params")

    def __init__(self, name, seq, params):
        self.name = name
        self.seq = seq
        self.params = params

    def __repr__(self):
        return "Event(%r, seq=%r, params=%r)" % (self.name, self.seq, self.params)

    @property
    def request(self):
        """What an open asked of this presenter's window (``open_window(..., request=[...])``), on
        the ``window.focus`` it receives; ``None`` on any other event, or an open that asked nothing."""
        return self.params.get("request") if self.name == "window.focus" else None


class Subscription:
    """An ``events.subscribe``: the ``snapshot`` the events start from, the ``seq`` before
    them, and an iterator over the events. ``missed`` lists the numbers of events lost.

    When the daemon drops the connection while it stays up (a subscriber too slow for its
    outbound limits, windowd-protocol(7)), the subscription connects and subscribes again at
    once: ``snapshot`` and ``seq`` are the new ones, and the next event is a
    ``events.resubscribed`` whose params are that result, to take the snapshot from. An event
    that leaves out a long window value gets the value held for that window id."""

    def __init__(self, client, result, types=None):
        self._client = client
        self._types = types
        self._values = {}
        self._stopping = False
        self._take(result)
        self.missed = []

    def _take(self, result):
        self.seq = result["seq"]
        self.snapshot = result["snapshot"]
        self._values = {window["id"]: window.get("value") for window in self.snapshot.get("windows", [])}

    def __iter__(self):
        return self

    def __next__(self):
        event = self.next()
        if event is None:
            raise StopIteration
        return event

    def next(self, timeout=None):
        """The next event; ``None`` when the daemon closed the connection and cannot be reached
        again (or said it stops); raises ``TimedOut`` after ``timeout`` seconds without one."""
        event = self._client.next_event(timeout=timeout)
        if event is None:
            return None if self._stopping else self._resubscribe()
        if event.seq > self.seq + 1:
            self.missed.extend(range(self.seq + 1, event.seq))
        self.seq = event.seq
        self._stopping = event.name == "daemon.stopping"
        window = event.params.get("window")
        if isinstance(window, dict) and "id" in window:
            if event.name == "window.closed":
                held = self._values.pop(window["id"], None)
            else:
                held = self._values.get(window["id"])
            if "value" not in window:
                window["value"] = held
            elif event.name != "window.closed":
                self._values[window["id"]] = window["value"]
        return event

    def _resubscribe(self):
        try:
            self._client.reconnect()
            result = self._client.call("events.subscribe", {"types": self._types} if self._types else {})
        except WindowdError:
            return None
        self._take(result)
        return Event("events.resubscribed", self.seq, result)


# The client ---------------------------------------------------------------------------------

_APP_ID = re.compile(r"[a-z0-9][a-z0-9._-]*\Z")


def validate_app_id(app):
    """``app`` if it is an app id (windowd(8), Apps and instances: lower-case letters, digits, '.', '-' and
    '_', starting with a letter or digit, at most 64 bytes, not ``windowd``); else ValueError."""
    if not isinstance(app, str) or not _APP_ID.match(app) or len(app.encode()) > 64 or app == "windowd":
        raise ValueError("%r is not a valid app id: an app id uses lower-case letters, digits, '.', '-' and '_', "
                         "starts with a letter or digit and has at most 64 bytes (e.g. orders)" % (app,))
    return app


def socket_directory(environ=None, uid=None):
    """``$XDG_RUNTIME_DIR/windowd``, else ``/run/windowd`` as root, else ``/tmp/windowd-$UID``."""
    environ = os.environ if environ is None else environ
    uid = os.getuid() if uid is None else uid
    if environ.get("XDG_RUNTIME_DIR"):
        return environ["XDG_RUNTIME_DIR"] + "/windowd"
    return "/run/windowd" if uid == 0 else "/tmp/windowd-%d" % uid


def default_socket_path(environ=None, uid=None, app=None):
    """The socket of ``app`` (``APP_ID.sock`` in ``socket_directory()``, or ``$WINDOWD_SOCKET``
    when ``$WINDOWD_APP`` is ``app``: a command the app's window group launched), else
    ``$WINDOWD_SOCKET``, else ``$WINDOWD_APP``'s socket, else the default app's
    ``windowd.sock``: the rule winctl follows (windowd(8), Socket and access; windowd(8), Apps and instances)."""
    environ = os.environ if environ is None else environ
    if app:
        if environ.get("WINDOWD_APP") == app and environ.get("WINDOWD_SOCKET"):
            return environ["WINDOWD_SOCKET"]
        return socket_directory(environ, uid) + "/" + validate_app_id(app) + ".sock"
    if environ.get("WINDOWD_SOCKET"):
        return environ["WINDOWD_SOCKET"]
    if environ.get("WINDOWD_APP"):
        return socket_directory(environ, uid) + "/" + validate_app_id(environ["WINDOWD_APP"]) + ".sock"
    return socket_directory(environ, uid) + "/windowd.sock"


def _start_advice(path):
    """How to start what should answer at ``path`` (clients never start an instance)."""
    parts = path.split("/")
    directory, name = (parts[-2] if len(parts) > 1 else ""), parts[-1]
    if (directory == "windowd" or directory.startswith("windowd-")) and name.endswith(".sock"):
        app = name[:-5]
        if _APP_ID.match(app) and len(app.encode()) <= 64 and app != "windowd":
            systemctl = "systemctl" if parts[:-1] == ["", "run", "windowd"] else "systemctl --user"
            return ("is app %s's instance running? start it with '%s enable --now windowd@%s.socket' "
                    "or 'windowd --app %s'" % (app, systemctl, app, app))
    return "is windowd running? set WINDOWD_SOCKET"


def start_here(command, title="windowd", socket=None, app=None, window_id=None):
    """Starts ``command`` (an argv, no shell) in a new terminal window where this program runs,
    detached, through ``winctl launch``; returns whether it started. The command gets
    ``WINDOWD_SOCKET`` (``socket``, made absolute), ``WINDOWD_APP`` (``app``) and
    ``WINDOWD_WINDOW_ID`` (``window_id``), whatever the environment of the place it starts in."""
    return _launch_failure(command, title, socket=socket, app=app, window_id=window_id) is None


def _launch_failure(command, title, socket=None, app=None, window_id=None):
    """Starts ``command`` as ``start_here`` does; ``None`` once started, else why it was not
    (winctl's own message, or that winctl was not found)."""
    winctl = os.environ.get("WINCTL") or shutil.which("winctl")
    if not winctl:
        return "winctl was not found on PATH (or set $WINCTL to its path) to start %s" % " ".join(command)
    daemon = []  # winctl's own options go before the command's name
    if socket:
        daemon += ["--socket", os.path.abspath(socket)]
    if app:
        daemon += ["--app", app]
    options = ["--title", title] + (["--window", window_id] if window_id else [])
    try:
        done = subprocess.run([winctl] + daemon + ["launch"] + options + ["--"] + list(command),
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    except OSError as error:
        return "cannot run winctl at %s: %s (set $WINCTL to its path)" % (winctl, error.strerror or error)
    if done.returncode == 0:
        return None
    said = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return said[-1] if said else "winctl launch exited with status %d" % done.returncode


def normal_path(path, directory=None):
    """``path`` as a window of a group of value type ``path`` takes it: absolute against
    ``directory`` (the working directory by default) and normal, its symbolic links resolved as
    far as the file exists (``os.path.realpath``), so that ``notes.md`` from ``~`` and
    ``~/./notes.md`` from ``/`` are one window, as winctl and WindowKit make them."""
    return os.path.realpath(os.path.join(directory or os.getcwd(), path))


class Client:
    """One connection to windowd. Calls block until their response (at most ``timeout``
    seconds); events that arrive meanwhile are kept for ``events()`` and subscriptions."""

    def __init__(self, path=None, timeout=10.0, client_name="windowd.py", hello=True, app=None):
        self.path = path or default_socket_path(app=app)
        # The app chosen, as winctl tells it to what it launches: given, else $WINDOWD_APP
        # when no socket path decided.
        self.app = app or (None if path or os.environ.get("WINDOWD_SOCKET") else os.environ.get("WINDOWD_APP") or None)
        self.timeout = timeout
        self._client_name = client_name if hello else None
        self._next_id = 1
        self._socket = None
        self.reconnect()

    # Connection

    def reconnect(self):
        """Closes the connection (if open) and connects again, with ``hello`` as at first;
        events not yet read are dropped."""
        if self._socket is not None:
            self._socket.close()
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.settimeout(self.timeout)
            self._socket.connect(self.path)
        except OSError as error:
            self._socket.close()
            raise Unreachable(self.path, error.strerror or error) from None
        self._buffer = bytearray()
        self._scanned = 0
        self._events = deque()
        hello = {"client": self._client_name, "protocol": PROTOCOL_VERSION}
        self.server = self.call("hello", hello) if self._client_name is not None else None
        if self.server is not None:
            # A windowd before 0.2.0 has no apps: it serves the default app.
            self.server.setdefault("app", None)

    def close(self):
        """Closes the connection (the daemon detaches a window this client presents)."""
        self._socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def call(self, method, params=None):
        """Sends ``method`` with ``params`` and returns its ``result``; raises a ``Refused``
        subclass (``error.reason`` is ``data.reason``) when the daemon refuses."""
        request_id = self._next_id
        self._next_id += 1
        request = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            request["params"] = params
        self._send(_dumps(request))
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._read(deadline, "the answer to %s" % method)
            if message is None:
                raise Disconnected("windowd at %s closed the connection before answering %s" % (self.path, method))
            if "method" in message:
                self._events.append(self._event(message))
                continue
            if message.get("id") is None and "error" in message:
                # A line the daemon could not read far enough to find its id (one over
                # max_message_bytes: limit_exceeded, the line skipped): this call's, the only one in flight.
                raise Refused.from_error(message["error"])
            if message.get("id") != request_id:
                continue
            if "error" in message:
                raise Refused.from_error(message["error"])
            return message.get("result")

    def next_event(self, timeout=None):
        """The next event on this connection (kept ones first); ``None`` when the daemon closed
        the connection; raises ``TimedOut`` after ``timeout`` seconds (``None``: wait forever)."""
        if self._events:
            return self._events.popleft()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            message = self._read(deadline, "an event")
            if message is None:
                return None
            if "method" in message:
                return self._event(message)

    def events(self, timeout=None):
        """An iterator over the events on this connection, until the daemon closes it."""
        while True:
            event = self.next_event(timeout=timeout)
            if event is None:
                return
            yield event

    # Windows

    def open_window(self, group, value=None, launch=True, request=None):
        """Opens the window of ``group`` for ``value`` or brings it to front: ``{"window",
        "created", "outcome"}``, ``outcome`` one of ``created``, ``focused`` (its presenter was
        brought to front), ``relaunched``, ``launching`` (the presenter started for it has not
        attached yet: nothing is started again), ``detached`` (no presenter, none started),
        ``stopped`` (its presenter is stopped, Ctrl-Z: nothing brought to front, nothing started;
        ``fg`` in its terminal continues it) or ``reattaching`` (its presenter runs but has not
        attached again since windowd restarted: nothing started).

        When the window needs a presenter the result has ``command`` (the group's, from the
        daemon's config); with ``launch`` it is started in a new terminal window where this
        program runs (a tmux window of its session, a kitty window, ...) by ``winctl launch``,
        which finds the place (``$WINCTL`` names winctl, else it is looked up on ``PATH``), with
        this client's socket and app and the window's id in its environment; the result's
        ``launchFailure`` is then ``None`` once it started, else why it did not (the window stays
        registered, and the daemon is told, ``window.launchEnded``, so that the next open tries
        again), as WindowKit's ``OpenedWindow.launchFailure``.

        A string ``value`` of a group of value type ``path`` is a file: made absolute and normal
        against the working directory (``normal_path``) and sent as ``path`` beside the value as
        typed; the daemon takes the one the group's type needs (windowd-protocol(7), window.open).

        ``request`` (a list of strings, a program's arguments as ``["+120"]``) is what the open
        asks besides: the presenter receives it on its ``window.focus`` (``Event.request``), or as
        its attach result's ``request`` when it is started for this open; the result's
        ``notPassedOn`` lists what the window's program cannot take."""
        params = {"group": group, "outcomes": ["launching", "detached", "stopped", "reattaching"]}
        if value is not None:
            params["value"] = value
            if isinstance(value, str):
                params["path"] = normal_path(value)
        if request:
            params["request"] = list(request)
        result = self.call("window.open", params)
        # A windowd before 0.2.0 says created alone: created, or brought to front.
        result.setdefault("outcome", "created" if result.get("created") else "focused")
        if launch:
            self._start(result)
        return result

    def restore_windows(self, groups=None, dry_run=False, at_login=False):
        """Brings back the windows whose presenter is gone, as ``winctl restore`` does
        (windowd-protocol(7), window.restore): every detached window of a group that starts its
        presenters (``run`` or ``command``) and is restored (``restore = true``), of ``groups``
        (a list; every group by default), with ``at_login`` only those of groups with
        ``relaunch = "at-login"``. A list of ``open_window`` results, the least recently active
        first: ``relaunched`` with its ``command``, which is started where this program runs
        (through ``winctl launch``, ``launchFailure`` as for ``open_window``; ``winctl restore``
        tries the window's last place first); ``launching``, ``stopped``, ``reattaching``
        (nothing started); ``detached`` with ``dry_run``, which starts nothing."""
        params = {"groups": list(groups)} if groups else {}
        if dry_run:
            params["dryRun"] = True
        if at_login:
            params["atLogin"] = True
        results = self.call("window.restore", params)["windows"]
        for result in results:
            self._start(result)
        return results

    def _start(self, result):
        """Starts an open's (or a restore's) ``command``, if any, where this program runs, and
        sets ``launchFailure``; when it could not start, the daemon is told so that it does not
        wait for the presenter."""
        command = result.get("command")
        if not command:
            return
        window = result["window"]
        title = window["group"] if window.get("value") is None else "%s %s" % (window["group"], window["value"])
        failure = _launch_failure(command, title, socket=self.path, app=self.app, window_id=window["id"])
        result["launchFailure"] = failure
        if failure is not None:
            try:
                self.call("window.launchEnded", {"id": window["id"], "reason": "could not start: " + failure})
            except Refused:
                pass

    def close_window(self, window_id):
        """Closes (dismisses) a window: its presenter gets ``window.dismiss``, its storage goes."""
        return self.call("window.close", {"id": window_id})["window"]

    dismiss_window = close_window

    def quit_window(self, window_id):
        """Closes a window as ``winctl close`` does: where its group declares how to ask its
        program to quit (``quit_keys``, windowd.toml(5)) and a presenter shows it, the presenter
        is asked instead (``window.dismiss`` with reason ``quit``) and the window closes when the
        program ends: returns ``{"program", "waitMs"}``, how long to wait for ``window.closed``.
        Otherwise the window is closed at once: returns ``None``."""
        return self.call("window.close", {"id": window_id, "quit": True}).get("asked")

    def focus_window(self, window_id):
        """Brings a window to front: its presenter gets ``window.focus``."""
        return self.call("window.focus", {"id": window_id})["window"]

    def list_windows(self, group=None):
        """The windows, oldest first."""
        return self.call("window.list", {"group": group} if group else {})["windows"]

    def attach(self, window_id=None, group=None, value=None, phase=None, takeover=False):
        """Makes this connection the presenter of a window, by id or by group and value:
        ``{"window", "storage", "state", "phase"}``, and ``request`` when the open that started
        this presenter asked something (``open_window``). Events for it then come to ``events()``."""
        params = {}
        if window_id is not None:
            params["id"] = window_id
        if group is not None:
            params["group"] = group
        if value is not None:
            params["value"] = self._value(group, value) if group is not None else value
        if phase is not None:
            params["phase"] = phase
        if takeover:
            params["takeover"] = True
        return self.call("window.attach", params)

    def detach(self):
        """Stops presenting; the window stays."""
        return self.call("window.detach")["window"]

    def current_window(self):
        """The window this program runs in, as ``list_windows`` shows it: the one named by
        ``$WINDOWD_WINDOW_ID``, which ``winctl run`` and a launched group command set (the
        client reaches its daemon through ``$WINDOWD_SOCKET`` / ``$WINDOWD_APP``, set with
        it); ``None`` when this program runs in no window. Raises ``UnknownWindow`` when the
        window has been closed."""
        window_id = os.environ.get("WINDOWD_WINDOW_ID")
        if not window_id:
            return None
        for window in self.list_windows(os.environ.get("WINDOWD_GROUP") or None):  # winctl run sets it too
            if window["id"] == window_id:
                return window
        raise UnknownWindow(-32000, "no window with id %r (WINDOWD_WINDOW_ID); it has been closed" % window_id,
                            {"reason": "unknown_window"})

    def _value(self, group, value):
        """``value`` as it is sent for ``group``: a string made a normal path (``normal_path``)
        when the group's value type is ``path``, learned from ``daemon.groups`` (one round trip,
        only for a string)."""
        if not isinstance(value, str):
            return value
        for known in self.call("daemon.groups")["groups"]:
            if known["id"] == group and known["valueType"] == "path":
                return normal_path(value)
        return value

    # Scene phase

    def set_phase(self, window_id, phase):
        """Sets a presented window's phase: ``{"window", "aggregate"}``."""
        return self.call("scene.setPhase", {"id": window_id, "phase": phase})

    def scene_phase(self):
        """The aggregate phase and every window's: ``{"aggregate", "windows"}``."""
        return self.call("scene.phase")

    # Scene storage

    def storage_get(self, window_id, key=None, default=None):
        """A window's scene storage (a dict), or only the value of ``key`` (``default`` when it
        is not set)."""
        if key is None:
            return self.call("storage.get", {"id": window_id})["storage"]
        return self.call("storage.get", {"id": window_id, "key": key})["storage"].get(key, default)

    def storage_set(self, window_id, key, value):
        """Sets one key; returns the whole storage."""
        return self.call("storage.set", {"id": window_id, "key": key, "value": value})["storage"]

    def storage_remove(self, window_id, key):
        """Removes one key; returns the whole storage."""
        return self.call("storage.remove", {"id": window_id, "key": key})["storage"]

    # App state

    def app_state(self):
        """The app state, e.g. ``{"state": "authenticated", "user": "alice"}``."""
        return self.call("app.state")["state"]

    def transition(self, to):
        """Moves the app state machine: ``to`` is a state object or a bare state name.
        Returns ``{"state", "previous"}``; raises ``InvalidTransition`` if not allowed."""
        if isinstance(to, str):
            to = {"state": to}
        return self.call("app.transition", {"to": to})

    def login(self, user):
        """``transition`` to ``authenticated(user)``."""
        return self.transition({"state": "authenticated", "user": user})

    def logout(self):
        """``transition`` to ``unauthenticated``: windows of groups that need a user are dismissed."""
        return self.transition("unauthenticated")

    # Events and status

    def subscribe(self, types=None):
        """Subscribes to events (all, or those named in ``types``): a ``Subscription`` with the
        snapshot they start from, iterable over the events."""
        types = list(types) if types else None
        return Subscription(self, self.call("events.subscribe", {"types": types} if types else {}), types)

    def status(self):
        """``daemon.status``."""
        return self.call("daemon.status")

    # Wire

    def _send(self, text):
        data = text.encode("utf-8") + b"\n"
        try:
            self._socket.sendall(data)
        except OSError as error:
            raise Disconnected("windowd at %s: %s" % (self.path, error)) from None

    def _read(self, deadline, what):
        """The next message; ``None`` at end of stream."""
        while True:
            newline = self._buffer.find(b"\n", self._scanned)
            if newline >= 0:
                break
            # A long line (a snapshot of many windows) is searched once, not again per chunk.
            self._scanned = len(self._buffer)
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise TimedOut("windowd at %s sent no %s in time" % (self.path, what))
            try:
                self._socket.settimeout(left)
                chunk = self._socket.recv(1 << 16)
            except socket.timeout:
                raise TimedOut("windowd at %s sent no %s in time" % (self.path, what)) from None
            except OSError as error:
                raise Disconnected("windowd at %s: %s" % (self.path, error)) from None
            if not chunk:
                return None
            self._buffer += chunk
        line = bytes(self._buffer[:newline])
        del self._buffer[:newline + 1]
        self._scanned = 0
        try:
            message = _loads(line)
        except ValueError as error:
            raise ProtocolError("windowd sent a line that is not JSON: %s" % error) from None
        if not isinstance(message, dict):
            raise ProtocolError("windowd sent %r, not an object" % (message,))
        return message

    @staticmethod
    def _event(message):
        params = message.get("params") or {}
        return Event(message["method"], params.get("seq"), params)
