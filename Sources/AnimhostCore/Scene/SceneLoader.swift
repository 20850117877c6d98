import Foundation

/// A scene file that cannot be used: names the file, the JSON path and what was expected.
public struct SceneError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let path: String
    public let message: String
    public var description: String { path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)" }
}

/// Reads the JSON scene format (docs/scenes.md) into a ``Scene``.
public enum SceneLoader {
    /// The most nodes one scene may hold, and the deepest nesting, so a hostile file cannot exhaust the host.
    public static let maxNodes = 10_000
    public static let maxDepth = 64

    /// Loads a scene file (a regular file, inside one of the real folders `within` when given).
    public static func load(contentsOf url: URL, displayName: String? = nil, within roots: [String]? = nil) throws -> Scene {
        let name = displayName ?? url.path
        let data: Data
        do { data = try InputFile.read(url.path, withinAny: roots) } catch let e as InputFileError {
            throw SceneError(file: name, path: "", message: "cannot read the file: \(e.reason)")
        }
        return try parse(data, file: name, directory: url.deletingLastPathComponent())
    }

    /// Parses scene JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String, directory: URL? = nil) throws -> Scene {
        let json: JSONValue
        do { json = try JSONValue.parse(data) } catch let e as JSONSyntaxError {
            throw SceneError(file: file, path: "", message: e.detail)
        }
        var reader = SceneReader(file: file)
        return try reader.scene(json, directory: directory)
    }
}

/// Walks a scene document, keeping the JSON path for messages.
struct SceneReader {
    let file: String
    private var seenIDs: Set<String> = []
    private var nodeCount = 0

    init(file: String) { self.file = file }

    static let sceneKeys = ["name", "size", "background", "reference", "overlay", "delegate", "nodes"]
    /// A node's keys: its id, each property's key (or its group's), and its children.
    static let nodeKeys =
        ["id"]
        + NodeProperty.all.reduce(into: []) { keys, property in
            let key = property.group ?? property.key
            if !keys.contains(key) { keys.append(key) }
        } + ["children"]
    /// The keys of each group of properties (`border`, `shadow`).
    static let groupKeys: [String: [String]] = Dictionary(
        NodeProperty.all.compactMap { p in p.group.map { ($0, [p.key]) } }, uniquingKeysWith: +)
    /// The positions in ``NodeProperty/all`` each key of a node gives: its property, or its group's.
    static let propertyPositions: [String: [Int]] = Dictionary(
        NodeProperty.all.enumerated().map { ($1.group ?? $1.key, [$0]) }, uniquingKeysWith: +)
    /// Each property key of a node: its property's position in ``NodeProperty/all``, or nil for a group's key.
    static let keyPositions: [String: Int?] = propertyPositions.mapValues { NodeProperty.all[$0[0]].group == nil ? $0[0] : nil }

    func fail(_ path: String, _ message: String) -> SceneError { SceneError(file: file, path: path, message: message) }

    mutating func scene(_ json: JSONValue, directory: URL?) throws -> Scene {
        let obj = try object(json, "", keys: Self.sceneKeys)
        let name = try string(obj["name"], "name", required: true)!
        guard !name.isEmpty else { throw fail("name", "expected a non-empty string") }
        guard let sizeValue = obj["size"] else { throw fail("size", "missing: expected [width, height]") }
        let size = try self.size(sizeValue, "size")
        let background = try color(obj["background"], "background") ?? .white
        let overlay = try bool(obj["overlay"], "overlay") ?? false
        let references = try self.references(obj["reference"])
        var props = NodeProperties()
        props.frame = Rect(origin: .zero, size: size)
        props.backgroundColor = overlay && obj["background"] == nil ? nil : background
        let root = Node(id: name, scene: name, properties: props)
        seenIDs.insert(name)
        try nodes(try array(obj["nodes"] ?? .array([]), "nodes"), under: root, scene: name)
        for (op, id) in references where root.find(id) == nil {
            let where_ = op.map { "reference.\($0.rawValue)" } ?? "reference"
            throw fail(where_, "no node has the id '\(id)'")
        }
        return Scene(
            name: name, size: size, background: background, isOverlay: overlay,
            references: references, root: root, directory: directory,
            delegate: try delegate(obj["delegate"], directory: directory))
    }

    /// The scene's delegate script: a `.lua` file inside the scene's folder, found by its real path.
    private func delegate(_ json: JSONValue?, directory: URL?) throws -> URL? {
        guard let path = try string(json, "delegate") else { return nil }
        guard path.hasSuffix(".lua"), ContainedPath.isPlainRelative(path) else {
            throw fail("delegate", "expected a .lua file inside the scene's folder (a relative path without '..'), got '\(path)'")
        }
        guard let directory else { throw fail("delegate", "a scene given as text has no folder to find '\(path)' in") }
        guard let url = ContainedPath.resolve(path, in: directory) else {
            throw fail("delegate", "'\(path)' leads outside the scene's folder (links included)")
        }
        if let kind = InputFile.irregularKind(url.path) { throw fail("delegate", "'\(path)' beside the scene is \(kind), not a regular file") }
        guard FileManager.default.fileExists(atPath: url.path) else { throw fail("delegate", "no file '\(path)' beside the scene") }
        return url
    }

    private func references(_ json: JSONValue?) throws -> [TransitionOperation?: String] {
        switch json {
        case nil, .null?: return [:]
        case .string?: return [nil: try string(json, "reference")!]
        case .object(let map)?:
            var out: [TransitionOperation?: String] = [:]
            for (key, value) in map {
                guard let op = TransitionOperation(rawValue: key) else {
                    throw fail("reference.\(key)", "unknown operation (expected push, pop, present or dismiss)")
                }
                out[op] = try string(value, "reference.\(key)", required: true)
            }
            return out
        case let other?: throw fail("reference", "expected a node id or an object of ids per operation, got \(other.kindName)")
        }
    }

    /// Reads `top` and every node below it into `root`'s tree, in document order, from a stack of
    /// its own: the file's nesting never reaches the call stack.
    private mutating func nodes(_ top: [JSONValue], under root: Node, scene: String) throws {
        var pending: [(json: JSONValue, path: NodePath, depth: Int, parent: Node)] =
            top.enumerated().reversed().map { ($1, NodePath(parent: nil, index: $0), 1, root) }
        while let (json, path, depth, parent) = pending.popLast() {
            let (node, children) = try self.node(json, path, scene: scene, depth: depth)
            try parent.add(node)
            pending += children.enumerated().reversed().map { ($1, NodePath(parent: path, index: $0), depth + 1, node) }
        }
    }

    /// Where a node is in the file (`nodes[2].children[0]`), spelt out only for a message.
    final class NodePath: CustomStringConvertible {
        let parent: NodePath?
        let index: Int
        init(parent: NodePath?, index: Int) { self.parent = parent; self.index = index }
        var description: String { parent.map { "\($0).children[\(index)]" } ?? "nodes[\(index)]" }
    }

    /// One node without its children, and the JSON of its children. Its keys are read in one pass
    /// (one look-up each); its values are checked in the order of the messages: unknown keys, the
    /// id, the groups, the properties in the order of `NodeProperty.all`, the children.
    private mutating func node(_ json: JSONValue, _ node: NodePath, scene: String, depth: Int) throws -> (Node, [JSONValue]) {
        let path = { node.description }
        guard depth <= SceneLoader.maxDepth else { throw fail(path(), "nodes nest deeper than \(SceneLoader.maxDepth) levels") }
        nodeCount += 1
        guard nodeCount <= SceneLoader.maxNodes else { throw fail(path(), "more than \(SceneLoader.maxNodes) nodes in one scene") }
        guard case .object(let obj) = json else { throw fail(path(), "expected an object, got \(json.kindName)") }
        var idValue: JSONValue?, childrenValue: JSONValue?, groups: [(key: String, value: JSONValue)] = []
        var found: [(position: Int, json: JSONValue)] = []
        found.reserveCapacity(obj.count)
        for (key, value) in obj {
            guard let position = Self.keyPositions[key] else {
                if key == "id" { idValue = value; continue }
                if key == "children" { childrenValue = value; continue }
                _ = try object(json, path(), keys: Self.nodeKeys)  // names the first unknown key
                continue
            }
            if case .null = value { continue }
            if let position { found.append((position, value)) } else { groups.append((key, value)) }
        }
        let id = try string(idValue, path() + ".id", required: true)!
        guard !id.isEmpty else { throw fail(path() + ".id", "expected a non-empty string") }
        guard seenIDs.insert(id).inserted else { throw fail(path() + ".id", "duplicate id '\(id)'") }
        if groups.count > 1 { groups.sort { $0.key < $1.key } }
        for (group, value) in groups {
            let keys = Self.groupKeys[group]!
            let fields = try object(value, "\(path()).\(group)", keys: keys)
            for (key, i) in zip(keys, Self.propertyPositions[group]!) {
                if let json = fields[key], json != .null { found.append((i, json)) }
            }
        }
        found.sort { $0.position < $1.position }
        var p = NodeProperties()
        try NodeProperty.all.withUnsafeBufferPointer { all in  // each declaration read in place, not copied
            for (i, json) in found { all[i].write(&p, try value(json, all[i], "\(path()).\(all[i].path)", node: id)) }
        }
        return (Node(id: id, scene: scene, properties: p), try array(childrenValue ?? .array([]), path() + ".children"))
    }

    /// A property's value at `path` of the node `id`, checked as its kind requires.
    private func value(_ json: JSONValue, _ property: NodeProperty, _ path: @autoclosure () -> String, node id: String) throws -> PropertyValue {
        switch property.kind {
        case .number:
            let range = property.range ?? NumberRange(-Bounds.magnitude...Bounds.magnitude)
            return .number(try number(json, path(), min: range.min, max: range.max)!)
        case .rect: return .rect(try rect(json, path()))
        case .size:
            let v = try numbers(json, path(), count: 2, what: "[width, height]")
            return .size(Size(width: v[0], height: v[1]))
        case .color, .optionalColor: return .color(try color(json, path()))
        case .transform:
            let m = try numbers(json, path(), count: 6, what: "[a, b, c, d, tx, ty]")
            return .transform(Transform2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]))
        case .flag: return .flag(try bool(json, path())!)
        case .label: return .string(try string(json, path()))
        case .choice:
            let s = try string(json, path())!, names = property.choices
            guard names.contains(s) else { throw fail(path(), "expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), got '\(s)'") }
            return .string(s)
        case .imagePath: return .string(try image(json, path()))
        case .text: return .text(try text(json, path()))
        case .modifiers: return .modifiers(try modifiers(json, path(), node: id))
        case .point:
            let v = try numbers(json, path(), count: 2, what: "[x, y]")
            return .point(Point(x: v[0], y: v[1]))
        case .colors: return .colors(try list(json, path()) { try color($0, $1)! })
        case .numbers:
            let range = property.range ?? NumberRange(-Bounds.magnitude...Bounds.magnitude)
            return .numbers(try list(json, path()) { try number($0, $1, min: range.min, max: range.max)! })
        case .path: return .path(try shapePath(json, path()))
        case .transform3D: return .transform3D(Transform3D(try numbers(json, path(), count: 16, what: "[m11, m12, …, m44]")))
        case .choiceSet: return .names(try choiceSet(json, property.choices, path()))
        }
    }

    /// A list of at most ``Bounds/gradientStops`` items, each read by `item` (null is refused).
    private func list<T>(_ json: JSONValue, _ path: @autoclosure () -> String, _ item: (JSONValue, String) throws -> T) throws -> [T] {
        let items = try array(json, path())
        guard items.count <= Bounds.gradientStops else {
            throw fail(path(), "\(items.count) items, past the \(Bounds.gradientStops) a gradient may have")
        }
        return try items.enumerated().map { i, v in
            guard v != .null else { throw fail("\(path())[\(i)]", "expected a value, got null") }
            return try item(v, "\(path())[\(i)]")
        }
    }

    /// SVG path data; a mistake is named by its character.
    private func shapePath(_ json: JSONValue, _ path: @autoclosure () -> String) throws -> ShapePath {
        guard case .string(let s) = json else { throw fail(path(), "expected SVG path data as a string, got \(json.kindName)") }
        do throws(ShapePathError) { return try ShapePath(svg: s) } catch { throw fail(path(), error.description) }
    }

    private func text(_ json: JSONValue, _ path: @autoclosure () -> String) throws -> TextStyle {
        if case .string(let s) = json {
            if let problem = Bounds.textProblem(s) { throw fail(path(), problem) }
            return TextStyle(string: s)
        }
        let o = try object(json, path(), keys: ["string", "size", "weight", "color", "alignment"])
        let s = try string(o["string"], path() + ".string", required: true, text: true)!
        if let problem = Bounds.textProblem(s) { throw fail(path() + ".string", problem) }
        var t = TextStyle(string: s)
        t.fontSize = try number(o["size"], path() + ".size", min: 1, max: 1000) ?? 17
        t.weight = try string(o["weight"], path() + ".weight") ?? "regular"
        t.color = try color(o["color"], path() + ".color") ?? .black
        t.alignment = try string(o["alignment"], path() + ".alignment") ?? "left"
        return t
    }

    /// Hero's modifier strings; an unknown one names the node and the closest modifier.
    private func modifiers(_ json: JSONValue?, _ path: @autoclosure () -> String, node id: String) throws -> [Modifier] {
        guard let json, json != .null else { return [] }
        return try array(json, path()).enumerated().map { i, item in
            let text = try string(item, "\(path())[\(i)]", required: true)!
            do { return try Modifier(parsing: text) } catch let e as ModifierError {
                throw fail("\(path())[\(i)]", "node '\(id)': \(e.description)")
            }
        }
    }

    /// An array of distinct names among `choices` (an unknown one names the closest), in the choices' order.
    private func choiceSet(_ json: JSONValue, _ choices: [String], _ path: @autoclosure () -> String) throws -> [String] {
        var seen: [String] = []
        for (i, item) in try array(json, path()).enumerated() {
            let s = try string(item, "\(path())[\(i)]", required: true)!
            guard choices.contains(s) else {
                let hint = closestName(to: s, among: choices).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("\(path())[\(i)]", "expected one of \(choices.joined(separator: ", ")), got '\(s)'\(hint)")
            }
            guard !seen.contains(s) else { throw fail("\(path())[\(i)]", "'\(s)' is named twice") }
            seen.append(s)
        }
        return choices.filter(seen.contains)
    }

    /// `placeholder:N`, or a relative path that stays inside the scene's folder.
    private func image(_ json: JSONValue?, _ path: @autoclosure () -> String) throws -> String? {
        guard let s = try string(json, path()) else { return nil }
        if s.hasPrefix("placeholder:") {
            guard let n = Int(s.dropFirst("placeholder:".count)), n >= 0 else { throw fail(path(), "expected placeholder:N with a whole number N ≥ 0, got '\(s)'") }
            return s
        }
        guard ContainedPath.isPlainRelative(s) else {
            throw fail(path(), "images must lie inside the scene's folder: give a relative path without '..', got '\(s)'")
        }
        return s
    }

    // MARK: Typed readers

    /// The object at `path`, whose keys must be among `keys`; the first unknown key in sorted
    /// order is named, with the closest known one.
    private func object(_ json: JSONValue, _ path: @autoclosure () -> String, keys: [String]) throws -> [String: JSONValue] {
        guard case .object(let o) = json else { throw fail(path(), "expected an object, got \(json.kindName)") }
        if o.keys.allSatisfy(keys.contains) { return o }
        for key in o.keys.sorted() where !keys.contains(key) {
            let hint = closestName(to: key, among: keys).map { " (did you mean '\($0)'?)" } ?? ""
            throw fail(path().isEmpty ? key : "\(path()).\(key)", "unknown field\(hint)")
        }
        return o
    }

    private func array(_ json: JSONValue, _ path: @autoclosure () -> String) throws -> [JSONValue] {
        guard case .array(let a) = json else { throw fail(path(), "expected an array, got \(json.kindName)") }
        return a
    }

    /// The string at `path`: a name (``Bounds/nameBytes`` at most) unless it is a node's `text`.
    private func string(_ json: JSONValue?, _ path: @autoclosure () -> String, required: Bool = false, text: Bool = false) throws -> String? {
        switch json {
        case nil, .null?:
            if required { throw fail(path(), "missing: expected a string") }
            return nil
        case .string(let s)?:
            if !text, let problem = Bounds.nameProblem(s) { throw fail(path(), problem) }
            return s
        case let other?: throw fail(path(), "expected a string, got \(other.kindName)")
        }
    }

    private func bool(_ json: JSONValue?, _ path: @autoclosure () -> String) throws -> Bool? {
        switch json {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: throw fail(path(), "expected true or false, got \(other.kindName)")
        }
    }

    private func number(_ json: JSONValue?, _ path: @autoclosure () -> String, min lo: Double = -1e9, max hi: Double = 1e9) throws -> Double? {
        switch json {
        case nil, .null?: return nil
        case .number(let n)?:
            guard n >= lo && n <= hi else { throw fail(path(), "expected a number from \(formatNumber(lo)) to \(formatNumber(hi)), got \(formatNumber(n))") }
            return n
        case let other?: throw fail(path(), "expected a number, got \(other.kindName)")
        }
    }

    private func numbers(_ json: JSONValue, _ path: @autoclosure () -> String, count: Int, what: String) throws -> [Double] {
        guard case .array(let a) = json, a.count == count else { throw fail(path(), "expected \(what)") }
        return try a.enumerated().map { i, v in
            guard let n = try number(v, "\(path())[\(i)]") else { throw fail("\(path())[\(i)]", "expected a number, got null") }
            return n
        }
    }

    private func size(_ json: JSONValue, _ path: @autoclosure () -> String) throws -> Size {
        let v = try numbers(json, path(), count: 2, what: "[width, height]")
        guard v[0] > 0, v[1] > 0, v[0] <= 100_000, v[1] <= 100_000 else { throw fail(path(), "width and height must be between 0 and 100000 (exclusive of 0)") }
        return Size(width: v[0], height: v[1])
    }

    private func rect(_ json: JSONValue, _ path: @autoclosure () -> String) throws -> Rect {
        let v = try numbers(json, path(), count: 4, what: "[x, y, width, height]")
        guard v[2] >= 0, v[3] >= 0 else { throw fail(path(), "width and height must not be negative") }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    private func color(_ json: JSONValue?, _ path: @autoclosure () -> String) throws -> Color? {
        guard let s = try string(json, path()) else { return nil }
        guard let c = Color(hex: s) else { throw fail(path(), "expected a colour as #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got '\(s)'") }
        return c
    }
}
