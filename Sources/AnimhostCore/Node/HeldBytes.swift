/// What a node's values hold in memory beyond its inline fields, so that a host charging a plugin
/// for what it keeps counts a path of ten thousand elements, not the few bytes of text it came from.
extension ShapePath {
    /// The bytes the path's elements take.
    public var heldBytes: Int { elements.count * MemoryLayout<Element>.stride }
}

extension NodeProperties {
    /// The bytes the node's out-of-line values take: its paths, its gradient's lists and its 3-D values.
    public var outOfLineBytes: Int {
        var n = 0
        if !paths.isEmpty {
            let shape = paths.shape.path?.heldBytes ?? 0
            n += shape + (paths.mask?.heldBytes ?? 0) + (paths.shadowPath?.heldBytes ?? 0)
        }
        if let g = gradientBox?.value {
            n += g.colors.count * MemoryLayout<Color>.stride + g.locations.count * MemoryLayout<Double>.stride
        }
        if hasLayer3D { n += MemoryLayout<Layer3D>.stride }
        return n
    }
}
