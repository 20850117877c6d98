/// `frame` as UIKit reports and takes it when a node has a transform: the node model stores the
/// untransformed frame (its bounds placed at its centre, the truth `bounds` and `center` read), and
/// these accessors translate to and from the box the transformed node covers.
extension NodeProperties {
    /// The axis-aligned bounding box of the bounds transformed about their centre, in the parent's
    /// coordinates: `UIView.frame` and `CALayer.frame` under any transform (the untransformed frame
    /// when the transform is the identity).
    public var visibleFrame: Rect {
        if hasLayer3D, !usesPlainAnchoring { return Layer3D.toParent(self).flattened.projectedBounds(of: frame.size) }
        let t = transform
        guard !t.isIdentity else { return frame }
        let w = frame.width, h = frame.height
        let halfWidth = (abs(t.a) * w + abs(t.c) * h) / 2
        let halfHeight = (abs(t.b) * w + abs(t.d) * h) / 2
        let c = frame.center
        return Rect(x: c.x + t.tx - halfWidth, y: c.y + t.ty - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
    }

    /// The untransformed frame that keeps the transform and makes ``visibleFrame`` equal `rect`, as
    /// setting `CALayer.frame` changes `position` and `bounds`: the centre moves to the rect's centre
    /// less the transform's translation, and the size solves the bounding-box equations. Nil when no
    /// size does (a rotation that is not a multiple of 90°, which Core Animation says not to set a
    /// frame under, solves only for some rects).
    public func untransformedFrame(showing rect: Rect) -> Rect? {
        if hasLayer3D, !usesPlainAnchoring { return rect }  // Core Animation leaves it undefined: the untransformed frame
        return NodeProperties.untransformedFrame(showing: rect, under: transform)
    }

    /// The 2-D rule of ``untransformedFrame(showing:)``, under the transform `t`.
    static func untransformedFrame(showing rect: Rect, under t: Transform2D) -> Rect? {
        guard !t.isIdentity else { return rect }
        // |a|·w + |c|·h = W and |b|·w + |d|·h = H, by Cramer's rule.
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        let w = (rect.width * d - c * rect.height) / det
        let h = (a * rect.height - b * rect.width) / det
        guard w >= -1e-9, h >= -1e-9, w.isFinite, h.isFinite else { return nil }
        let (width, height) = (max(w, 0), max(h, 0))
        let center = Point(x: rect.midX - t.tx, y: rect.midY - t.ty)
        return Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    /// True when the 3-D values leave the 2-D rules exact: no `transform3D` and the anchor at the centre.
    private var usesPlainAnchoring: Bool { transform3D.isIdentity && anchorPoint == Point(x: 0.5, y: 0.5) }
}

extension Node {
    /// The model's frame, read in place (the rest of the node's values is not copied).
    public var modelFrame: Rect { storedModel.frame }

    /// ``NodeProperties/untransformedFrame(showing:)`` of the model, read in place: a plugin's
    /// `frame =` needs it on every set, and copying the node's values for it (their strings, lists
    /// and boxes retained, then released) cost more than the solving.
    public func untransformedModelFrame(showing rect: Rect) -> Rect? {
        guard storedModel.layer3DBox != nil else { return NodeProperties.untransformedFrame(showing: rect, under: storedModel.transform) }
        return Node.untransformedFrame(of: &storedModel, showing: rect)
    }

    private static func untransformedFrame(of p: inout NodeProperties, showing rect: Rect) -> Rect? {
        p.untransformedFrame(showing: rect)
    }
}
