/// One animation a block declared: a property of a node, when and how it runs, where it was declared,
/// and how it ended. What an inspector draws as a bar; written when the block is declared and when
/// the animation ends, never per frame.
public struct DeclaredAnimation: Sendable, Equatable {
    /// How an animation's flight ended.
    public enum Ending: String, Sendable {
        /// It ran to the end of its block.
        case ran
        /// A later block animated the same property and took it over.
        case replaced
        /// The property was set outside a block, or its node's animations were removed.
        case stopped
        /// An interactive transition was cancelled: the property went back to where it started.
        case reversed
    }

    /// The node's id, scene (nil for nodes the plugin made) and whether it is a snapshot.
    public let node: String, scene: String?, isSnapshot: Bool
    /// The property's name, as plugins set it (`frame`, `alpha`, `transform` …).
    public let property: String
    /// When the block begins and how long it runs, in seconds; on the gesture's clock when ``interactive``.
    public let begin: Double, duration: Double
    /// The block's curve or spring.
    public let timing: AnimationTiming
    /// True for a `keyframes{}` block.
    public let keyframes: Bool
    /// True when the block runs on an interactive transition's clock (its times are that clock's).
    public let interactive: Bool
    /// Where the block was declared, as the declaring side names it (a plugin's `file.lua:12`); nil when it said nothing.
    public let origin: String?
    /// True when the property was already in flight: this animation took it over from where it was on screen.
    public let retargets: Bool
    /// When the flight ended (seconds on the engine's clock) and how; nil while it is in flight.
    public internal(set) var ended: (time: Double, how: Ending)?
    /// When the block's completion ran and whether it finished; nil until it runs.
    public internal(set) var completed: (time: Double, finished: Bool)?

    /// Equal in every field, the optional tuples compared member by member (tuples are not Equatable).
    public static func == (a: DeclaredAnimation, b: DeclaredAnimation) -> Bool {
        a.node == b.node && a.scene == b.scene && a.isSnapshot == b.isSnapshot && a.property == b.property && a.begin == b.begin
            && a.duration == b.duration && a.timing == b.timing && a.keyframes == b.keyframes && a.interactive == b.interactive
            && a.origin == b.origin && a.retargets == b.retargets && a.ended?.time == b.ended?.time && a.ended?.how == b.ended?.how
            && a.completed?.time == b.completed?.time && a.completed?.finished == b.completed?.finished
    }
}

/// The animations an engine declares, kept when asked for (``AnimationEngine/log``): the first
/// ``limit`` of them, and a count of all. Kept at declaration and at each flight's end only, so an
/// engine with a log costs nothing more per frame.
public final class AnimationLog {
    /// How many animations the log keeps.
    public let limit: Int
    /// The animations kept, in the order their blocks closed.
    public private(set) var animations: [DeclaredAnimation] = []
    /// How many animations were declared, those past ``limit`` included.
    public private(set) var count = 0
    /// The kept animation in flight per node and property.
    private var inFlight: [FlightKey: Int] = [:]
    /// Each kept animation's node and property.
    private var keys: [FlightKey] = []
    /// The kept animations of each block, by the block's serial.
    private var blocks: [Int: Range<Int>] = [:]

    private struct FlightKey: Hashable {
        let node: ObjectIdentifier, property: Int
    }

    /// A log keeping the first `limit` animations.
    public init(limit: Int = 2000) { self.limit = max(limit, 0) }

    /// Notes a block's animations as it is put in flight; `retargets[i]` says whether `lanes[i]`'s property was in flight.
    func declare(_ group: AnimationGroup, keyframes: Bool, origin: String?, lanes: [(node: Node, property: AnimatableProperty, retargets: Bool)]) {
        count += lanes.count
        let start = animations.count
        for lane in lanes where animations.count < limit {
            let node = lane.node, key = FlightKey(node: ObjectIdentifier(node), property: lane.property.rawValue)
            inFlight[key] = animations.count
            keys.append(key)
            animations.append(
                DeclaredAnimation(
                    node: node.id, scene: node.scene, isSnapshot: node.isSnapshot, property: lane.property.name, begin: group.begin,
                    duration: group.duration, timing: group.timing, keyframes: keyframes, interactive: group.clock != nil,
                    origin: origin, retargets: lane.retargets))
        }
        if animations.count > start { blocks[group.serial] = start..<animations.count }
    }

    /// Notes that the flight of `property` on `node` ended at `time`, `how`.
    func end(_ node: Node, _ property: AnimatableProperty, at time: Double, _ how: DeclaredAnimation.Ending) {
        guard let i = inFlight.removeValue(forKey: FlightKey(node: ObjectIdentifier(node), property: property.rawValue)) else { return }
        if animations[i].ended == nil { animations[i].ended = (time, how) }
    }

    /// Notes that `group`'s completion runs at `time`: its animations still in flight end with it.
    func complete(_ group: AnimationGroup, at time: Double, reversed: Bool) {
        guard let range = blocks.removeValue(forKey: group.serial) else { return }
        for i in range {
            animations[i].completed = (time, group.finished)
            guard animations[i].ended == nil else { continue }
            animations[i].ended = (time, reversed ? .reversed : .ran)
            if inFlight[keys[i]] == i { inFlight[keys[i]] = nil }
        }
    }
}

extension AnimatableProperty {
    /// The property's name, as plugins set it.
    public var name: String { Self.declarations[rawValue].key }
}
