/// One field of ``NodeProperties``, read and written in place by its byte offset: the engine's
/// unchecked-memory fast path, kept behind this type so that no other code does pointer arithmetic
/// on node properties.
///
/// Soundness: a slot is made only from a key path of ``NodeProperties`` whose storage is inline
/// (`MemoryLayout.offset(of:)` answers nil for any other, and that fails at once), so its offset
/// always addresses a properly aligned, initialised field of type `Value` inside the struct.
/// Reads and writes go through `inout` access, which gives exclusive use of the struct while the
/// raw bytes are touched.
struct FieldSlot<Value>: Sendable {
    /// The field's byte offset in ``NodeProperties``, as the compiler lays it out.
    let offset: Int

    /// The slot of the field at `path`; a computed property has none and is a programming error.
    init(_ path: WritableKeyPath<NodeProperties, Value>) {
        guard let offset = MemoryLayout<NodeProperties>.offset(of: path) else {
            preconditionFailure("\(path) is not a stored field of NodeProperties")
        }
        self.offset = offset
    }

    /// The field's value in `p` (`inout` so that the struct, strings included, is not copied).
    @inline(__always)
    func read(_ p: inout NodeProperties) -> Value {
        withUnsafeMutableBytes(of: &p) { $0.baseAddress!.load(fromByteOffset: offset, as: Value.self) }
    }

    /// Sets the field in `p` to `v`.
    @inline(__always)
    func write(_ v: Value, into p: inout NodeProperties) {
        withUnsafeMutableBytes(of: &p) { $0.baseAddress!.storeBytes(of: v, toByteOffset: offset, as: Value.self) }
    }

    /// The field in `node`'s presentation, for a lane that writes it every frame.
    func cell(in node: Node) -> FieldCell {
        FieldCell(UnsafeMutableRawPointer(node.presentationStorage) + offset)
    }
}

/// The address of a number or rectangle field in a node's presentation (or of a
/// ``FieldParking``), which an animation lane writes once per frame without any look-up.
///
/// Soundness: a cell comes only from ``FieldSlot/cell(in:)`` or a parking area. A node's
/// presentation has storage of its own that never moves while the node lives, and a lane holds its
/// node until it retires, then parks on its engine's area; so the address stays valid for every
/// write. Only a lane of the field's own kind calls ``store(_:)-(Double)`` or ``store(_:)-(Rect)``.
struct FieldCell {
    private let address: UnsafeMutableRawPointer

    fileprivate init(_ address: UnsafeMutableRawPointer) { self.address = address }

    /// Where a lane whose property lives out of line points: it writes through its flight path, never here.
    static var nowhere: FieldCell { FieldCell(nowhereStorage) }

    /// Writes a number field.
    @inline(__always)
    func store(_ v: Double) { address.assumingMemoryBound(to: Double.self).pointee = v }

    /// Writes a rectangle field.
    @inline(__always)
    func store(_ r: Rect) { address.assumingMemoryBound(to: Rect.self).pointee = r }
}

/// Room that no one reads, for ``FieldCell/nowhere``.
nonisolated(unsafe) private let nowhereStorage = UnsafeMutableRawPointer.allocate(
    byteCount: MemoryLayout<Rect>.size, alignment: MemoryLayout<Rect>.alignment)

/// Room for one ``Rect`` (so also for a number) where retired lanes write, so that evaluation
/// need not skip them; freed with its owner.
struct FieldParking: ~Copyable {
    private let storage = UnsafeMutablePointer<Rect>.allocate(capacity: 1)

    /// The cell retired lanes write into.
    var cell: FieldCell { FieldCell(UnsafeMutableRawPointer(storage)) }

    deinit { storage.deallocate() }
}
