import AnimhostCore
import AnimhostLua
import AnimhostRender
import Foundation

/// The inputs a coverage-guided fuzzer drives, one input at a time. Each run keeps the promise its
/// parser makes: it returns, or throws its own error type; anything else is a ``FuzzFinding``.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The bytes are a scene document for ``SceneLoader``.
    case scene
    /// The bytes are a gesture trace (JSON) or, when they do not start with `{`, a generator spec.
    case gesture
    /// The bytes are an easing spec; a curve that parses is evaluated in and around 0…1.
    case easing
    /// The bytes choose a plugin's API calls (``LuaCallWriter``, hostile) and the run's rate and
    /// gesture; the plugin runs in a fresh sandbox, and its first and last frames are drawn.
    case lua

    /// Runs one input.
    public func run(_ bytes: UnsafeRawBufferPointer) throws {
        switch self {
        case .scene: try FuzzTarget.scene(Data(bytes))
        case .gesture: try FuzzTarget.gesture(Data(bytes))
        case .easing: try FuzzTarget.easing(String(decoding: bytes, as: UTF8.self))
        case .lua: try FuzzTarget.lua(bytes)
        }
    }

    private static func scene(_ data: Data) throws {
        do { _ = try SceneLoader.parse(data, file: "fuzz.json") } catch is SceneError {} catch {
            throw FuzzFinding(target: "scene", input: String(decoding: data, as: UTF8.self), error: "\(type(of: error)): \(error)")
        }
    }

    private static func gesture(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        do {
            let trace =
                text.first == "{"
                ? try GestureTrace.parse(data, file: "fuzz.json")
                : try GeneratedGesture.trace(text, size: Size(width: 390, height: 844))
            var tracker = GestureTracker(width: 390)
            for sample in trace.samples {
                let event = tracker.event(for: sample)
                let derived = [event.translation.x, event.translation.y, event.velocity.x, event.velocity.y]
                guard !derived.contains(where: \.isNaN) else {
                    throw FuzzFinding(target: "gesture", input: text, error: "finite samples gave \(event)")
                }
            }
        } catch is GestureError {} catch let finding as FuzzFinding { throw finding } catch {
            throw FuzzFinding(target: "gesture", input: text, error: "\(type(of: error)): \(error)")
        }
    }

    private static func easing(_ spec: String) throws {
        do {
            let curve = try Easing(spec: spec)
            for x in [-1, -1e-9, 0, 1e-9, 0.25, 0.5, 0.75, 1 - 1e-9, 1, 1.5, 2] {
                let y = curve.value(at: x)
                guard y.isFinite else { throw FuzzFinding(target: "easing", input: spec, error: "value(at: \(x)) = \(y)") }
            }
        } catch is EasingError {} catch let finding as FuzzFinding { throw finding } catch {
            throw FuzzFinding(target: "easing", input: spec, error: "\(type(of: error)): \(error)")
        }
    }

    /// The folder the lua target writes its plugin into, one per process; whoever runs the target
    /// in-process for a while (the tests) removes it when done.
    public static let pluginFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animhost-libfuzzer-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// The plugin source and request the lua target makes of `bytes`, to read a reproducer.
    public static func luaInput(_ bytes: UnsafeRawBufferPointer) -> (source: String, request: TransitionRequest) {
        var random = FuzzedBytes(bytes)
        let fps = Int(1 + random.next() % 120)
        let operation = random.pick(TransitionOperation.allCases)
        let gesture = random.pick([nil, nil, nil, "edge-swipe", "edge-swipe to=0.2 release=fling", "pan-down release=up"])
        var writer = LuaCallWriter(random: random, hostile: true)
        return (writer.plugin(), TransitionRequest(operation: operation, fps: fps, gesture: gesture))
    }

    private static func lua(_ bytes: UnsafeRawBufferPointer) throws {
        let (source, request) = luaInput(bytes)
        let url = pluginFolder.appendingPathComponent("fuzz.lua")
        try write(source, to: url)
        do {
            let plugin = try Plugin(url: url, limits: SandboxLimits(maxMemory: 64 << 20, timeout: 2), printSink: { _ in })
            let session = TransitionSession(plugin, scenes: catalog)
            let (from, to) = try SceneCopies.scenes(for: request, in: session)
            _ = try session.run(request, from: from, to: to, sink: RenderProbe())
        } catch is PluginError {} catch is SceneError {} catch is GestureError {} catch is RenderError {} catch {
            throw FuzzFinding(target: "lua", input: source, error: "\(type(of: error)): \(error)")
        }
    }

    /// Where the lua target's scenes are found: the built-in ones.
    private static let catalog = PluginCatalog()

    /// Writes the plugin without `fsync` (Foundation's writes wait for the disk, which costs an input
    /// more than running it on a busy machine); the file is read back at once and never kept.
    private static func write(_ source: String, to url: URL) throws {
        guard let file = fopen(url.path, "w") else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { fclose(file) }
        let bytes = Array(source.utf8)
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw CocoaError(.fileWriteOutOfSpace) }
    }
}
