import CLua
import AnimhostCore

/// How a plugin says it reads a gesture and decides an interactive transition when it ends, as written: its
/// optional `interaction = { axis =, distance =, finishProgress =, finishVelocity =, cancelledGesture = }` table, each field nil when
/// left out (the rule the host drives by, defaults filled in, is `Plugin.interactionRule`).
public struct DeclaredInteraction: Equatable, Sendable {
    /// A release slower than the fling speed finishes past this fraction of the transition.
    public var finishProgress: Double?
    /// A release faster than this, in points per second toward the end, finishes.
    public var finishVelocity: Double?
    /// What a gesture the system cancels does: `"cancel"` always cancels; other values decide as a release does.
    public var cancelledGesture: String?
    /// The axis or direction progress is read along (`"horizontal"`, `"vertical"`, `"left"`, `"right"`, `"up"`, `"down"`).
    public var axis: String?
    /// The travel in points that is the whole way (else the container's size along the axis).
    public var distance: Double?

    /// A rule with the given fields; nil ones are not declared.
    public init(
        finishProgress: Double? = nil, finishVelocity: Double? = nil, cancelledGesture: String? = nil, axis: String? = nil, distance: Double? = nil
    ) {
        self.finishProgress = finishProgress; self.finishVelocity = finishVelocity; self.cancelledGesture = cancelledGesture
        self.axis = axis; self.distance = distance
    }
}

extension Plugin {
    /// The plugin's declared `interaction` rule, or nil when it declares none or its fields are not numbers and a string.
    public var declaredInteraction: DeclaredInteraction? {
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
        return DeclaredInteraction(
            finishProgress: number("finishProgress"), finishVelocity: number("finishVelocity"),
            cancelledGesture: string("cancelledGesture"), axis: string("axis"), distance: number("distance"))
    }
}
