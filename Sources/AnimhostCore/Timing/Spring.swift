import Foundation

/// A damped harmonic spring that moves progress from 0 to 1, solved in closed form.
///
/// The three ways to describe one (Core Animation's physical parameters, SwiftUI's response and
/// damping fraction, UIKit's damping ratio over a duration) all end in this type; docs/timing.md
/// gives each mapping.
public struct Spring: Hashable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// Initial velocity in units of the whole distance per second, positive towards the target.
    public let initialVelocity: Double
    /// When set, the motion is corrected to end exactly at rest at this time (UIKit's duration springs).
    public let fixedDuration: Double?

    /// Core Animation's `CASpringAnimation` parameters.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.fixedDuration = nil
    }

    /// SwiftUI's `spring(response:dampingFraction:)`: stiffness = (2π/response)²·m, damping = 4π·ζ·m/response.
    public init(response: Double, dampingRatio: Double, initialVelocity: Double = 0, mass: Double = 1) {
        self.init(
            mass: mass, stiffness: pow(2 * .pi / response, 2) * mass,
            damping: 4 * .pi * dampingRatio * mass / response, initialVelocity: initialVelocity)
    }

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` over `duration`: the oscillation's envelope
    /// falls to 1/1500 of the distance at `duration`, and the motion is brought exactly to rest there.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let zeta = max(dampingRatio, 0.01)
        let omega = log(Spring.perceivedRestFraction) / (duration * min(zeta, 1))
        mass = 1
        stiffness = omega * omega
        damping = 2 * zeta * omega
        self.initialVelocity = initialVelocity
        fixedDuration = duration
    }

    /// A spring's oscillation is taken as over once its amplitude is 1/1500 of the distance.
    static let perceivedRestFraction = 1500.0
    /// Displacement (as a fraction of the distance) under which ``settlingDuration`` calls a spring settled.
    public static let settleThreshold = 0.001

    /// ω₀ = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)): below 1 oscillates, 1 is critical, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Progress at `t` seconds: 0 at t = 0, heading to 1, overshooting when under-damped.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if let d = fixedDuration {
            if t >= d { return 1 }
            let residual = displacement(at: d)
            return 1 + displacement(at: t) - residual * t / d
        }
        return 1 + displacement(at: t)
    }

    /// Distance from the target (−1 at rest at the start) in closed form for each damping regime.
    func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let x0 = -1.0, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// An upper bound of |displacement| at `t`, decreasing once the motion is under way.
    private func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let x0 = -1.0, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (x0 * x0 + pow((v0 + zeta * w0 * x0) / wd, 2)).squareRoot()
            return amplitude * exp(-zeta * w0 * t)
        }
        if zeta == 1 { return exp(-w0 * t) * (abs(x0) + abs(v0 + w0 * x0) * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return abs(x0 - c2) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// Seconds until the motion stays within ``settleThreshold`` of the target (the duration for UIKit springs).
    public var settlingDuration: Double {
        if let d = fixedDuration { return d }
        let eps = Spring.settleThreshold
        var hi = 1.0 / max(naturalFrequency, 1e-9)
        var steps = 0
        while envelope(at: hi) > eps && steps < 64 { hi *= 2; steps += 1 }
        var lo = 0.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }
}
