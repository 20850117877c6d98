import Foundation

/// A value in a timeline frame: the timeline file writes it as JSON, a spec's frame holds it as Lua values.
/// Held inline (no allocation for each of the many values a timeline writes), but for a 3-D
/// transform, whose sixteen numbers would make every value as large.
public enum TimelineValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case rect(Rect)
    case size(Size)
    case color(Color)
    case transform(Transform2D)
    case point(Point)
    indirect case transform3D(Transform3D)
    case object([TimelineField])
    case array([TimelineValue])
    /// An array of names (``PropertyValue/names``).
    case names([String])

    /// Every number in the value, for the scan for non-finite ones.
    public var numbers: [Double] {
        switch self {
        case .null, .bool, .string, .color, .names: return []
        case .integer(let n): return [Double(n)]
        case .number(let n): return [n]
        case .rect(let r): return [r.x, r.y, r.width, r.height]
        case .size(let s): return [s.width, s.height]
        case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .point(let p): return [p.x, p.y]
        case .transform3D(let t): return t.numbers
        case .object(let fields): return fields.flatMap(\.value.numbers)
        case .array(let items): return items.flatMap(\.numbers)
        }
    }
}

/// A key and its value in a timeline frame.
public struct TimelineField: Sendable, Equatable {
    public let key: String
    public let value: TimelineValue
    public init(_ key: String, _ value: TimelineValue) { self.key = key; self.value = value }
}

extension NodeSample {
    /// The node as a timeline frame holds it (docs/timeline.md): who it is and where it is on
    /// screen, then its properties in the order of ``NodeProperty/all``, each as its declaration's
    /// ``TimelineRule`` says. The timeline file and the frames of `animhost.run{}` are both this list.
    public var timelineFields: [TimelineField] {
        var fields: [TimelineField] = []
        forEachTimelineField { fields.append(TimelineField($0, $1)) }
        return fields
    }

    /// Calls `body` with each of ``timelineFields`` in order, without building the list: what a
    /// writer of many frames reads.
    public func forEachTimelineField(_ body: (String, TimelineValue) throws -> Void) rethrows {
        try body("id", .string(id))
        try body("scene", scene.map { .string($0) } ?? .null)
        if isSnapshot { try body("snapshot", .bool(true)) }
        try body("bbox", .rect(bbox))
        try body("opacity", .number(opacity))
        try body("z", .integer(z))
        // Read through buffers: each declaration's rule and reader in place, not a copy of it per node.
        try withUnsafeBytes(of: properties) { bits in
            try NodeProperty.all.withUnsafeBufferPointer { all in
                try TimelineLayout.defaults.withUnsafeBufferPointer { defaults in
                    func isDefault(_ i: Int) -> Bool { TimelineLayout.holdsDefaultBits(i, bits) || all[i].read(properties) == defaults[i] }
                    for entry in TimelineLayout.entries {
                        switch entry {
                        case .single(let i):
                            let rule = all[i].timeline
                            if rule == .never || (rule == .unlessDefault && TimelineLayout.holdsDefaultBits(i, bits)) { continue }
                            let value = rule == .inContainer ? .rect(frame) : all[i].read(properties)
                            if rule != .unlessDefault || value != defaults[i] { try body(all[i].key, TimelineLayout.field(value)) }
                        case .group(let key, let members):
                            let shown = all[members[0]].timeline != .unlessDefault || !members.allSatisfy(isDefault)
                            if shown { try body(key, .object(members.map { TimelineField(all[$0].key, TimelineLayout.field(all[$0].read(properties))) })) }
                        }
                    }
                }
            }
        }
    }
}

/// The declarations arranged as a timeline frame writes them: each on its own, or a group's
/// fields together under the group's key.
enum TimelineLayout {
    enum Entry {
        case single(Int)
        case group(String, [Int])
    }

    /// The entries in declaration order (a group where its first field is declared).
    static let entries: [Entry] = {
        var out: [Entry] = []
        for (i, property) in NodeProperty.all.enumerated() {
            guard let group = property.group else { out.append(.single(i)); continue }
            if case .group(let key, let members)? = out.last, key == group {
                out[out.count - 1] = .group(key, members + [i])
            } else {
                out.append(.group(group, [i]))
            }
        }
        return out
    }()

    /// Each declaration's default, by position in ``NodeProperty/all``.
    static let defaults = NodeProperty.all.map(\.defaultValue)

    /// The bytes of ``NodeProperties`` that hold each declaration's value, as a range: the value
    /// itself when stored in place (numbers, rectangles, sizes, colours, transforms, and the flags,
    /// strings and choices of ``readAlone``), or the reference to the box it is read from (the
    /// gradient, the paths, the 3-D values: nil in a new node); nil for the others, and for any whose
    /// new node's value is not its default.
    private static let storedRanges: [Range<Int>?] = NodeProperty.all.map { property in
        func box<T>(_ path: KeyPath<NodeProperties, T>) -> Range<Int>? {
            MemoryLayout<NodeProperties>.offset(of: path).map { $0..<$0 + MemoryLayout<T>.size }
        }
        let range: Range<Int>? =
            switch property.field {
            case .number(let f)?: f.offset..<f.offset + MemoryLayout<Double>.size
            case .rect(let f)?: f.offset..<f.offset + MemoryLayout<Rect>.size
            case .size(let f)?: f.offset..<f.offset + MemoryLayout<Size>.size
            case .color(let f)?: f.offset..<f.offset + MemoryLayout<Color>.size
            case .optionalColor(let f)?: f.offset..<f.offset + MemoryLayout<Color?>.size
            case .transform(let f)?: f.offset..<f.offset + MemoryLayout<Transform2D>.size
            case .gradient?: box(\.gradientBox)
            case .outOfLine?: box(\.paths)
            case .layer3D?: box(\.layer3DBox)
            case nil: readAlone[property.path].flatMap { $0 }
            }
        return property.read(NodeProperties()) == property.defaultValue ? range : nil
    }

    /// The declarations without a field that read one stored value alone, by path, with the bytes
    /// of that value (for the gradient's type, the reference to its box).
    private static let readAlone: [String: Range<Int>?] = {
        func slot<T>(_ path: KeyPath<NodeProperties, T>) -> Range<Int>? {
            MemoryLayout<NodeProperties>.offset(of: path).map { $0..<$0 + MemoryLayout<T>.size }
        }
        return [
            "image": slot(\.image), "contentMode": slot(\.contentMode), "text": slot(\.text), "clips": slot(\.clips),
            "tag": slot(\.tag), "maskedCorners": slot(\.maskedCorners), "cornerCurve": slot(\.cornerCurve),
            "gradient.type": slot(\.gradientBox)
        ]
    }()

    /// A new node's values, whose bytes ``holdsDefaultBits(_:_:)`` compares with. Kept initialised
    /// for the process, so that whatever it references stays alive and no other value's reference
    /// can have its bits.
    nonisolated(unsafe) private static let defaultBits: UnsafeMutableRawBufferPointer = {
        let bits = UnsafeMutableRawBufferPointer.allocate(byteCount: MemoryLayout<NodeProperties>.size, alignment: MemoryLayout<NodeProperties>.alignment)
        bits.baseAddress!.initializeMemory(as: NodeProperties.self, to: NodeProperties())
        return bits
    }()

    /// Whether the bytes holding declaration `i` in `properties` (a node's values) are a new node's:
    /// then it equals its default, without its value being made. A stored value is finite (never
    /// NaN), so equal bits mean an equal value (a string with a new node's bits is its string), and an
    /// equal (nil) box reference the same reads;
    /// false means "compare values" (the same number may have other bits, as -0 and 0).
    @inline(__always)
    static func holdsDefaultBits(_ i: Int, _ properties: UnsafeRawBufferPointer) -> Bool {
        guard let range = storedRanges[i] else { return false }
        return memcmp(properties.baseAddress! + range.lowerBound, defaultBits.baseAddress! + range.lowerBound, range.count) == 0
    }

    /// A property's value as the timeline writes it: no colour, string or text is null, text is its string.
    static func field(_ value: PropertyValue) -> TimelineValue {
        switch value {
        case .number(let n): return .number(n)
        case .rect(let r): return .rect(r)
        case .size(let s): return .size(s)
        case .color(let c): return c.map { .color($0) } ?? .null
        case .transform(let t): return .transform(t)
        case .flag(let b): return .bool(b)
        case .string(let s): return s.map { .string($0) } ?? .null
        case .text(let t): return t.map { .string($0.string) } ?? .null
        case .modifiers(let m): return .string(m.map(\.description).joined(separator: " "))
        case .point(let q): return .point(q)
        case .colors(let c): return .array(c.map { .color($0) })
        case .numbers(let n): return .array(n.map { .number($0) })
        case .path(let p): return p.map { .string($0.svg) } ?? .null
        case .transform3D(let t): return .transform3D(t)
        case .names(let n): return .names(n)
        }
    }
}
