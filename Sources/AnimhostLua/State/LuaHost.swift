import CLua
import Foundation
import Synchronization
import AnimhostCore

/// Limits for a plugin's Lua state.
public struct SandboxLimits: Sendable, Equatable {
    /// Bytes the plugin may allocate (default 256 MiB).
    public var maxMemory: Int
    /// Wall-clock seconds the plugin's code may run in one transition (default 5 s).
    public var timeout: Double
    /// When a native call (a string pattern, a table function) is still running a moment after the
    /// deadline, end the process with the error (exit code 1): the command line's promise. Off for
    /// library use, where the host cannot end its caller.
    public var exitWhenStuck: Bool

    public init(maxMemory: Int = 256 << 20, timeout: Double = 5, exitWhenStuck: Bool = false) {
        self.maxMemory = maxMemory; self.timeout = timeout; self.exitWhenStuck = exitWhenStuck
    }
}

/// A Swift binding as Lua calls it: returns its result count, or ``LuaHost/raise`` after pushing a message.
package typealias LuaBinding = @convention(c) (OpaquePointer?) -> Int32

/// Owns one sandboxed Lua state: its limits, its time and print budgets, and every call the host
/// makes into it. What belongs to one run (its engine, `ctx`, scene tables, completions) lives in the
/// run's ``LuaTransition`` and ends with it; the nodes Lua holds are userdata its collector releases
/// (``NodeBinding``). A host embedding the state for its own bindings (the spec harness) keeps what
/// they need in ``attachment``.
///
/// Host calls run protected (`ah_pcall`); bindings report failure by return value so that Lua's
/// `longjmp` never crosses a Swift frame.
package final class LuaHost {
    package let L: OpaquePointer
    private let info: UnsafeMutablePointer<ah_state_info>
    /// The memory and time limits the state runs under.
    package let limits: SandboxLimits
    /// The plugin file, as errors name it.
    let chunkName: String
    /// Prefix for `print` output on stderr.
    var printPrefix: String
    /// Where `print` writes; stderr unless a test captures it, with control characters shown as escapes (``TerminalText``).
    package var printSink: (String) -> Void = { FileHandle.standardError.write(Data((TerminalText.escaped($0) + "\n").utf8)) }
    /// What `print` has written and left out in this state (see ``printLine(_:)``).
    private var printBudget = PrintBudget()
    /// The run under way, for `ctx`, the delegate bindings and the engine that node changes go to;
    /// nil between runs.
    var transition: LuaTransition?
    /// The engine node changes go to: the run's, or outside runs (a plugin loading, a spec) one of the
    /// state's own, whose animations never play.
    var engine: AnimationEngine { transition?.engine ?? idleEngine }
    private lazy var idleEngine = AnimationEngine()
    /// What the host embedding this state for bindings of its own keeps with it (the spec harness's
    /// runs and snapshots); the state never reads it.
    package var attachment: AnyObject?
    /// The first error raised by nested plugin code, kept with its own traceback.
    var pendingError: PluginError?
    private var callDepth = 0
    private var watchdog: Watchdog!
    /// How many transitions the state has run: each one's serial tells its `ctx` from earlier ones.
    private var transitionsRun = 0
    /// The budget left when ``pauseClock()`` stopped the clock.
    private var pausedBudget: Double?
    /// How many nodes `node{}` made outside runs (while the plugin loaded): each run counts its default
    /// ids on from here, so that the same plugin run twice in one state names its nodes alike.
    var nodesMadeOutsideRuns = 0
    /// Folders `require` may load modules from.
    package var moduleFolders: [URL] = []
    /// The Lua files beside the plugin that its runs have read (modules, scene delegate scripts), in the order first read.
    var modulesRead: [URL] = []
    /// Node keys by the address of their interned strings (see ``NodeBinding/key(_:_:)``).
    let nodeKeys = InternedKeys()
    /// The registry reference of the weak-valued table of the node userdata Lua holds, by slot (``NodeBinding``).
    var nodeCache: Int32 = LUA_NOREF
    /// The registry reference of the nodes' metatable, found by its number as each new node's userdata needs it.
    var nodeMetatable: Int32 = LUA_NOREF
    /// The nodes of those userdata, held while Lua may reach them. Unchecked (a check on every node
    /// made costs 1 % of the engine, docs/benchmarks.md): sound because only the state's thread uses
    /// it, from bindings and the host's own calls, and no access spans other code that could reach
    /// it: `hold` calls only the node's own marking, `release`'s test reads Lua's table raw (no
    /// metamethod, no allocation, so no collection), and the look-up among slots only reads.
    /// `NodeRetentionTests`, `NodeBindingTests`.
    @exclusivity(unchecked) var nodes = NodeHandles()
    /// What ``charge(_:)`` counted while a run was under way, given back when it ends.
    private var runCharge = 0
    /// What the nodes the plugin kept past the last run's end cost, counted then (``end(_:)``).
    private var keptNodesCharge = 0
    /// This host's mark on the nodes it hands to Lua, unique in the process.
    let holderMark = LuaHost.marks.add(1, ordering: .relaxed).newValue
    private static let marks = Atomic<Int>(0)

    static let raise: Int32 = -1
    static let reraise: Int32 = -2

    /// Creates a sandboxed state: safe libraries only, the host's bindings, and the limits armed.
    package init(chunkName: String, printPrefix: String, limits: SandboxLimits = SandboxLimits()) throws {
        self.limits = limits
        self.chunkName = chunkName
        self.printPrefix = printPrefix
        info = .allocate(capacity: 1)
        info.initialize(to: ah_state_info())  // all zero: nothing used, no deadline, an empty pool
        info.pointee.limit = Int(limits.maxMemory) >= 0 ? size_t(limits.maxMemory) : 0
        guard let state = ah_newstate(info) else {
            info.deallocate()
            throw PluginError(file: chunkName, message: "cannot create a Lua state")
        }
        L = state
        info.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        let stuckMessage =
            limits.exitWhenStuck
            ? "animhost: "
                + TerminalText.escaped(
                    PluginError(
                        file: chunkName,
                        message: "the plugin ran past its time limit of \(limits.timeout) s inside a library call that cannot be interrupted (a string pattern or a table function over a huge range)"
                    ).description) + "\n"
            : nil
        watchdog = Watchdog(state: L, stuckMessage: stuckMessage)
        try Sandbox.install(in: self)
    }

    deinit {
        if let summary = printBudget.summary { printSink("[\(printPrefix)] " + summary) }
        watchdog.close()
        // Closing runs no plugin code, a state stopped at its deadline or by an interrupt included: plugins
        // cannot make finalizers (Lua/prelude.lua), and the protected call the stop ended has closed its
        // to-be-closed variables already. Only a state still inside Lua (never the case here) is left.
        if ah_running(info) == 0 {
            ah_close(L)
            info.deallocate()
        }
        nodeKeys.deallocate()
    }

    /// The host that owns the state `L` (any of its threads). The state keeps its host unretained (C
    /// memory cannot hold a reference, and a retained one would keep the host alive forever): sound
    /// because the host closes the state in its `deinit`, and Lua runs bindings only inside the host's
    /// own calls into it, while the host is alive.
    @inline(__always)
    package static func of(_ L: OpaquePointer) -> LuaHost {
        Unmanaged<LuaHost>.fromOpaque(ah_info(L).pointee.host).takeUnretainedValue()
    }

    /// Lines `print` left out so far, past the run's budget (said by the state itself only as it closes).
    package var printLinesLeftOut: Int { printBudget.droppedLines }

    /// Writes a line `print` made to ``printSink`` while the run's ``PrintBudget`` lasts, counting it as
    /// shown (control characters as their escapes, ``TerminalText``), so that escapes cannot multiply it.
    package func printLine(_ line: String) {
        let shown = TerminalText.escaped(line)
        if printBudget.admit(shown.utf8.count) { printSink(shown) }
    }

    /// Bytes the plugin's state holds now, and at most so far.
    package var memoryInUse: Int { Int(info.pointee.used) }
    var peakMemory: Int { Int(info.pointee.peak) }

    /// Makes `run` the state's run under way: a serial never given before in this state, and default
    /// node ids counted from where loading left them.
    func begin(_ run: LuaTransition) {
        transitionsRun += 1
        run.serial = transitionsRun
        run.nodesMade = nodesMadeOutsideRuns
        transition = run
    }

    /// Ends `run`: its references released, then ``collectGarbage()``, so that the nodes only the run
    /// reached are given back now. What the run charged is given back too, and the nodes the plugin
    /// still keeps (with their subtrees) are counted anew: a loaded plugin re-run any number of times
    /// is charged for what it holds, not for what its runs made.
    func end(_ run: LuaTransition) {
        if transition === run { transition = nil }
        for ref in run.takeReferences() { unref(ref) }
        collectGarbage()
        let kept = nodes.count == 0 ? 0 : nodes.keptCost(NodeBinding.hostBytes(of:))
        info.pointee.used = info.pointee.used - runCharge - keptNodesCharge + kept
        (runCharge, keptNodesCharge) = (0, kept)
    }

    /// A full collection, then every node whose userdata it freed given back (``NodeHandles``): Lua's
    /// collector cannot see what a node holds in the host. It runs no plugin code (plugins cannot make
    /// finalizers, Lua/prelude.lua) and no host code.
    func collectGarbage() {
        ah_collect(L)
        NodeBinding.releaseCollected(in: self)
    }

    /// Counts a node `node{}` made and returns its number, for its default id: in a run, from the
    /// number made while the plugin loaded.
    func countNodeMade() -> Int {
        if let run = transition {
            run.nodesMade += 1
            return run.nodesMade
        }
        nodesMadeOutsideRuns += 1
        return nodesMadeOutsideRuns
    }

    /// The slot of `node`'s userdata if this state handed it over last (-1: it let go of it), else nil.
    @inline(__always)
    func slot(of node: Node) -> Int? { node.slot(of: holderMark) }

    /// Forgets that `node`'s userdata is at `slot`: Lua's collector freed it.
    func released(_ node: Node, from slot: Int) { node.clearSlot(slot, of: holderMark) }

    /// Counts `bytes` of host memory made for the plugin (the nodes it creates) against its memory
    /// limit, which the binding's caller enforces once the binding returns. What a run charges is
    /// given back when it ends (``end(_:)``); what is charged outside runs stays until the state closes.
    package func charge(_ bytes: Int) {
        if transition != nil { runCharge += bytes }
        info.pointee.used += bytes
        info.pointee.peak = max(info.pointee.peak, info.pointee.used)
    }

    /// True once what the plugin holds is past its memory limit: the trampoline raises when the binding returns.
    package var overMemoryLimit: Bool { info.pointee.used > info.pointee.limit }

    /// Lets `interrupt` stop the state's code from another thread (see ``Watchdog/interrupt()``).
    func interruptible(by interrupt: PluginInterrupt) { interrupt.attach(watchdog) }

    /// True once the deadline passed: the state then refuses to run anything.
    var timedOut: Bool { ah_tripped(info) != 0 }

    /// Starts the time budget (``SandboxLimits/timeout``) from now.
    package func startClock() {
        guard limits.timeout > 0, !timedOut else { return }
        info.pointee.deadline = ah_monotonic_seconds() + limits.timeout
        watchdog.arm(after: limits.timeout)
    }

    /// Stops the time budget while the host is not running plugin code.
    package func stopClock() {
        pausedBudget = nil
        info.pointee.deadline = 0
        watchdog.disarm()
    }

    /// Stops the time budget, keeping what is left of it for ``resumeClock()``: host work (writing
    /// frames, waiting for a caller's next frame) does not count against the plugin.
    func pauseClock() {
        let deadline = info.pointee.deadline
        guard deadline > 0 else { return }
        let remaining = max(deadline - ah_monotonic_seconds(), 0)
        stopClock()
        pausedBudget = remaining
    }

    /// True while the time budget counts: from the outermost call into Lua to its return (and from
    /// ``startClock()`` to the first such return).
    var clockRunning: Bool { info.pointee.deadline > 0 }

    /// Restarts the budget ``pauseClock()`` stopped, with what was left of it.
    func resumeClock() {
        guard let remaining = pausedBudget else { return }
        pausedBudget = nil
        info.pointee.deadline = ah_monotonic_seconds() + remaining
        watchdog.arm(after: remaining)
    }

    // MARK: Calling Lua

    /// Calls the function below `nargs` arguments (already pushed). Errors become ``PluginError``s
    /// with file, line and traceback; a nested failure keeps its innermost traceback. A started time
    /// budget runs only while the outermost such call is under way: the host's work between calls
    /// (evaluating animations, sampling and writing frames) is not the plugin's time.
    package func call(nargs: Int32, nresults: Int32, on thread: OpaquePointer? = nil) throws {
        let L = thread ?? self.L
        if watchdog.isInterrupted {
            lua_settop(L, -(nargs + 2))
            throw PluginError(file: chunkName, message: "the run was interrupted")
        }
        if timedOut {
            lua_settop(L, -(nargs + 2))
            throw PluginError.timeout(file: chunkName, seconds: limits.timeout)
        }
        if callDepth == 0 {
            pendingError = nil
            resumeClock()  // the budget counts plugin code: from the outermost call into Lua to its return
        }
        callDepth += 1
        let status = ah_pcall(L, nargs, nresults)
        callDepth -= 1
        if callDepth == 0 { pauseClock() }
        if status == LUA_OK && timedOut {
            // The plugin caught the deadline's error (in a coroutine) and went on: its time is still up.
            ah_pop(L, nresults == LUA_MULTRET ? 0 : nresults)
            throw PluginError.timeout(file: chunkName, seconds: limits.timeout)
        }
        guard status != LUA_OK else {
            if callDepth == 0 { pendingError = nil }
            return
        }
        let error = errorFromTop(L, status: status)
        ah_pop(L, 1)
        throw error
    }

    /// Runs nested plugin code from inside a binding; the error is remembered for the outer call.
    func callNested(nargs: Int32, nresults: Int32, on thread: OpaquePointer) throws {
        do { try call(nargs: nargs, nresults: nresults, on: thread) } catch let e as PluginError {
            if pendingError == nil { pendingError = e }
            throw NestedFailure(error: e)
        }
    }

    private func errorFromTop(_ L: OpaquePointer, status: Int32) -> PluginError {
        if timedOut {
            // Where the time ran out, as the hook noted it first (in the plugin, a module or a delegate
            // script, in a coroutine or the main thread), else as the error says.
            let noted = withUnsafeBytes(of: info.pointee.timeout_place) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return PluginError.timeout(file: chunkName, seconds: limits.timeout, message: noted.isEmpty ? LuaHost.string(L, -1) : noted + ": ")
        }
        if let pending = pendingError { return pending }
        if status == LUA_ERRMEM {
            return PluginError(file: chunkName, message: "the plugin ran out of memory (limit \(limits.maxMemory >> 20) MiB; raise it with --max-memory)")
        }
        let text = LuaHost.string(L, -1) ?? "(error object is not a string)"
        return PluginError(file: chunkName, luaMessage: text)
    }

    // MARK: Stack helpers (host side)

    func string(at index: Int32) -> String? { LuaHost.string(L, index) }

    package static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = ah_tostring(L, index, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    package static func push(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buf in _ = lua_pushlstring(L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count) }
    }

    /// Pushes a binding as a Lua function, with `upvalues` values from the stack as its upvalues.
    package static func push(_ L: OpaquePointer, _ f: LuaBinding, upvalues: Int32 = 0) {
        ah_pushfunction(L, f, upvalues)
    }

    /// Sets `table[name] = f` for the table on top of the stack.
    package static func setFunction(_ L: OpaquePointer, _ name: String, _ f: LuaBinding) {
        push(L, f)
        lua_setfield(L, -2, name)
    }

    /// Loads Lua source as text (never bytecode) and leaves the chunk on the stack. The text is read
    /// in place: `Data(source.utf8)` would cast the view to protocols, each a scan of every
    /// conformance of the program the first time.
    package func load(source: String, chunkName: String) throws {
        var source = source
        try source.withUTF8 { try load(text: UnsafeRawBufferPointer($0), chunkName: chunkName) }
    }

    /// Loads Lua source bytes as text (never bytecode) and leaves the chunk on the stack.
    package func load(source: Data, chunkName: String) throws {
        try source.withUnsafeBytes { try load(text: $0, chunkName: chunkName) }
    }

    /// Loads the text in `text` (read only during the call) and leaves the chunk on the stack.
    private func load(text: UnsafeRawBufferPointer, chunkName: String) throws {
        let empty: StaticString = ""
        let start = text.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
        let status = ah_loadtext(L, start.assumingMemoryBound(to: CChar.self), text.count, "@" + PluginError.chunkName(for: chunkName))
        guard status == LUA_OK else {
            let message = string(at: -1) ?? "cannot load"
            ah_pop(L, 1)
            throw PluginError(file: chunkName, luaMessage: message)
        }
    }

    /// A registry reference to the value on top (popped).
    func ref() -> Int32 { luaL_ref(L, ah_registryindex()) }
    func unref(_ r: Int32) { luaL_unref(L, ah_registryindex(), r) }
    func pushRef(_ r: Int32) { lua_rawgeti(L, ah_registryindex(), lua_Integer(r)) }

}

/// Thrown inside a binding when nested plugin code failed; the host re-raises it unchanged.
struct NestedFailure: Error {
    let error: PluginError
}
