import CLua
import AnimhostCore

/// One run of a plugin as its Lua state sees it: the engine node changes go to, `ctx`, the scene
/// tables, the completions waiting, and how many nodes it has made. The state holds it while the run
/// goes (``LuaHost/transition``); ``LuaHost/end(_:)`` releases what it holds in Lua.
final class LuaTransition {
    let context: TransitionContext
    /// The context's engine, at hand for every property a plugin sets.
    let engine: AnimationEngine
    /// The run's serial in its state, never given before there (``LuaHost/begin(_:)``): a `ctx` kept
    /// from an earlier run is told by it.
    var serial = 0
    /// How many nodes `node{}` has made, for default ids (`node-N`).
    var nodesMade = 0
    /// Registry references to the `params` table and the two scene tables.
    var paramsRef: Int32 = LUA_NOREF
    var fromRef: Int32 = LUA_NOREF
    var toRef: Int32 = LUA_NOREF
    /// The chrome's scene table, when the run has chrome.
    var chromeRef: Int32 = LUA_NOREF
    /// Registry references to the tables the scenes' delegate scripts returned.
    var delegateRefs: [Int32] = []
    /// The run's `ctx` table (made on first use), and its address to recognise it.
    var ctxRef: Int32 = LUA_NOREF
    var ctxAddress: UnsafeRawPointer?
    /// The registry reference of the run's table of the node userdata it pins, and how many it holds
    /// (``NodeBinding``): released with the run's other references.
    var pinsRef: Int32 = LUA_NOREF
    var pinned = 0
    /// Registry references to the completions of `animate{}` blocks not yet called: a run ended early
    /// (a live transition closed mid-way) leaves some.
    var completionRefs: Set<Int32> = []
    /// Registry references to the `ctx:onComplete` functions not yet called, in order.
    var onCompleteRefs: [Int32] = []
    /// Whether the `onComplete` functions are being called (`ctx:complete` is refused meanwhile).
    var completing = false
    /// The gesture sample being delivered, for `ctx:drive()`.
    var currentEvent: GestureEvent?
    /// What the plugin did that UIKit allows but rarely means, at the plugin's line.
    var warnings: [PluginError] = []
    /// `ctx.completionSpeed` and `ctx.completionCurve` of a run no gesture drives: kept, with no effect,
    /// as an interaction controller's are when it is not interacting.
    var completionSpeed = 1.0
    var completionCurve = Easing.easeInOut
    /// Where the run last set each node's transforms, by node id (``PlacingSets``).
    var placedAt: [String: String] = [:]

    init(context: TransitionContext) {
        self.context = context
        engine = context.engine
    }

    /// Every registry reference the run holds, taken from it: the caller releases them.
    func takeReferences() -> [Int32] {
        defer {
            (paramsRef, fromRef, toRef, chromeRef, ctxRef, pinsRef) = (LUA_NOREF, LUA_NOREF, LUA_NOREF, LUA_NOREF, LUA_NOREF, LUA_NOREF)
            delegateRefs = []
            completionRefs = []
            onCompleteRefs = []
        }
        return [paramsRef, fromRef, toRef, chromeRef, ctxRef, pinsRef] + delegateRefs + completionRefs.sorted() + onCompleteRefs
    }
}
