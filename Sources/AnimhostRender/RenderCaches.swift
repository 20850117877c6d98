import AnimhostCore

/// What the renderers of one run share: decoded images, backing stores, shadow images and text layouts.
public final class RenderCaches: @unchecked Sendable {
    /// Pixels per point of the stores and shadows kept.
    public let scale: Double
    /// The run's decoded images.
    public let images: ImageStore
    let stores: BackingStores
    let shadows: ShadowMasks
    let texts: TextLayouts
    let work: RenderWork

    /// Caches for output at `scale` pixels per point; `plugin`, when known, is named when the run's
    /// text layout or drawing budget runs out.
    public init(scale: Double, images: ImageStore, plugin: String? = nil) {
        self.scale = scale
        self.images = images
        stores = BackingStores(scale: scale, images: images)
        shadows = ShadowMasks(scale: scale)
        texts = TextLayouts(scale: scale, plugin: plugin)
        work = RenderWork(scale: scale, plugin: plugin)
    }

    /// Counts `frame`'s drawing against the run's ``RenderWork`` and lays out its text: refused before
    /// either is done when it would pass a limit.
    func prepare(_ frame: FrameSample, width: Int, height: Int) throws -> TextLayouts.Rasters {
        try work.count(frame, width: width, height: height, caches: self)
        return try texts.prepare(frame)
    }

    /// Forgets what neither `frame` nor the one before used: what a node shows every frame stays,
    /// what changed size is dropped at once. A thread still drawing an older frame holds its own
    /// reference to what it uses; at worst it draws an evicted store again.
    func frameDrawn(_ frame: Int) {
        stores.evict(before: frame - 1)
        shadows.evict(before: frame - 1)
        images.evict(before: frame - 1)
    }
}
