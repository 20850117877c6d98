/// What the renderers of one run share: decoded images, backing stores and shadow images.
public final class RenderCaches: @unchecked Sendable {
    public let scale: Double
    public let images: ImageStore
    let stores: BackingStores
    let shadows: ShadowMasks

    /// Caches for output at `scale` pixels per point.
    public init(scale: Double, images: ImageStore) {
        self.scale = scale
        self.images = images
        stores = BackingStores(scale: scale, images: images)
        shadows = ShadowMasks(scale: scale)
    }

    /// Frames this far behind the newest one drawn may still be drawing.
    static let framesInFlight = 3

    /// Forgets what no frame since `frame − framesInFlight` used.
    func frameDrawn(_ frame: Int) {
        stores.evict(before: frame - RenderCaches.framesInFlight)
        shadows.evict(before: frame - RenderCaches.framesInFlight)
    }
}
