import CLua
import AnimhostCore

/// How a plugin decides an interactive transition when the gesture ends: its optional
/// `interaction = { finishProgress =, finishVelocity =, cancelledGesture = }` table.
public struct InteractionRule: Equatable, Sendable {
    /// A release slower than the fling speed finishes past this fraction of the transition.
    public var finishProgress: Double?
    /// A release faster than this, in points per second toward the end, finishes.
    public var finishVelocity: Double?
    /// What a gesture the system cancels does: `"cancel"` always cancels; other values decide as a release does.
    public var cancelledGesture: String?

    /// A rule with the given fields; nil ones are not declared.
    public init(finishProgress: Double? = nil, finishVelocity: Double? = nil, cancelledGesture: String? = nil) {
        self.finishProgress = finishProgress; self.finishVelocity = finishVelocity; self.cancelledGesture = cancelledGesture
    }
}

extension Plugin {
    /// The scenes a plugin that declares none runs on: the built-in list and its detail page.
    public static let fallbackScenes = (from: "grid", to: "detail")

    /// Whether the plugin names both of its scenes.
    public var declaresScenes: Bool { defaultScenes.from != nil && defaultScenes.to != nil }

    /// The scenes runs default to for push and present: the declared ones, else ``fallbackScenes``.
    public var runScenes: (from: String, to: String) {
        (defaultScenes.from ?? Plugin.fallbackScenes.from, defaultScenes.to ?? Plugin.fallbackScenes.to)
    }

    /// The line said once when a run falls back to the built-in scenes; nil when the plugin declares its own.
    public var fallbackScenesNote: String? {
        declaresScenes ? nil : "\(name) declares no scenes: running on the built-in \(runScenes.from) → \(runScenes.to) (reversed for pop and dismiss)"
    }

    /// The plugin's declared `interaction` rule, or nil when it declares none or its fields are not numbers and a string.
    public var interactionRule: InteractionRule? {
        let L = host.L
        host.pushRef(tableRef)
        defer { ah_pop(L, 2) }
        guard rawField(L, -1, "interaction") == LUA_TTABLE else { return nil }
        func number(_ key: String) -> Double? {
            defer { ah_pop(L, 1) }
            return rawField(L, -1, key) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : nil
        }
        func string(_ key: String) -> String? {
            defer { ah_pop(L, 1) }
            return rawField(L, -1, key) == LUA_TSTRING ? LuaHost.string(L, -1) : nil
        }
        return InteractionRule(finishProgress: number("finishProgress"), finishVelocity: number("finishVelocity"),
                               cancelledGesture: string("cancelledGesture"))
    }
}
