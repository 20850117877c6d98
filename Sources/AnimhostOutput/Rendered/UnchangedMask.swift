/// Which pixels of a rectangle equal the frame before's, one bit each (1: unchanged), row after row
/// with each row starting on a byte. Made while both frames are at hand, it lets a frame be encoded
/// later without the frame before: at @3x, 0.4 MB instead of a 12 MB copy.
enum UnchangedMask {
    /// The bytes of one row of a `w`-pixel-wide rectangle.
    static func rowBytes(_ w: Int) -> Int { (w + 7) / 8 }

    /// The mask of `box` in `new` against `old`, both tightly packed B,G,R,A rows `width` pixels wide.
    static func make(from old: [UInt8], to new: [UInt8], width: Int, box: GIFFrame.Box) -> [UInt8] {
        let stride = rowBytes(box.w)
        var mask = [UInt8](repeating: 0, count: stride * box.h)
        old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                mask.withUnsafeMutableBufferPointer { out in
                    for y in 0..<box.h {
                        let row = (box.y + y) * width + box.x, bits = out.baseAddress! + y * stride
                        for x in 0..<box.w where pa[row + x] == pb[row + x] { bits[x >> 3] |= 1 << UInt8(x & 7) }
                    }
                }
            }
        }
        return mask
    }
}
