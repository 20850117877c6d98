---@meta animhost
-- Definitions of every name animhost gives plugins and specs, for the Lua language server (LuaLS).
-- Copy this folder's files into your plugin project (docs/editor.md) and start each plugin with
--   ---@type Plugin
--   local plugin = { name = "…", … }
-- so that fields, ctx, nodes and animate{} options are checked as you type.
--
-- Option tables (animate{}, spring{}, animhost.run{}, …) end with `---@field [string] UnknownKey`:
-- LuaLS checks the declared keys of a table argument but not extra ones, even of an `(exact)` class,
-- so every other string key is given a type no value is, and a misspelt key is flagged as
-- "Cannot assign `number` to `UnknownKey`" (a table written there: "Missing required fields in type
-- `UnknownKey`"). Only values of type any (ctx.params.x) and table or array variables pass.

-- The type of every key an option table does not declare. No value is one: a string, number, boolean,
-- function or host value is not of this class, and a table literal lacks its field.
---@class UnknownKey
---@field unknownKey "a key the table does not take"

---Loads a module from the plugin's folder, as the sandbox's `require` does (a name, no path).
---@param name string
---@return any
function require(name) end

-- The sandbox's `os` reads the transition's virtual clock and has nothing else (no date, no environment,
-- no processes): `.luarc.json` turns LuaLS's own `os` off, so `os.date()` is flagged.
---@class SandboxOS
os = {}
---@return number seconds of the transition's virtual clock
function os.clock() end
---@return integer whole seconds of the transition's virtual clock
function os.time() end

---@class Rect
---@field x number
---@field y number
---@field width number
---@field height number
---@field minX number
---@field minY number
---@field midX number
---@field midY number
---@field maxX number
---@field maxY number
---@field origin Point
---@field size Size
---@field center Point

---@class Point
---@field x number
---@field y number

---@class Size
---@field width number
---@field height number

---@class Color
---@field r number 0…1
---@field g number 0…1
---@field b number 0…1
---@field a number 0…1
---@field hex string
---@field withAlpha fun(self: Color|string, alpha: number): Color self may be a property read as Color|string

---@class Transform
---@field a number
---@field b number
---@field c number
---@field d number
---@field tx number
---@field ty number
---@field inverted fun(self: Transform): Transform
---@operator mul(Transform): Transform

-- A 3-D transform, as CATransform3D: row vectors, (x, y, z) ↦ (x·m11 + y·m21 + z·m31 + m41, …) / w.
---@class Transform3D
---@field m11 number
---@field m12 number
---@field m13 number
---@field m14 number
---@field m21 number
---@field m22 number
---@field m23 number
---@field m24 number
---@field m31 number
---@field m32 number
---@field m33 number
---@field m34 number perspective: −1/d for an eye d points away
---@field m41 number
---@field m42 number
---@field m43 number
---@field m44 number
---@field isAffine boolean true when it keeps the plane flat without perspective
---@field inverted fun(self: Transform3D): Transform3D
---@operator mul(Transform3D): Transform3D

-- A node's border and shadow. Read, they have every field; written, any of them (`n.shadow = { opacity = 0.3 }`,
-- the others keep their values): properties and node{} take them as `Border|{}`, which LuaLS reads as a
-- Border and lets a table literal leave fields out of (its missing-fields check skips a table type).
---@class Border
---@field width number
---@field color Color|string a Color when read
---@field [string] UnknownKey

---@class Shadow
---@field color Color|string a Color when read
---@field opacity number
---@field radius number
---@field offset Size
---@field [string] UnknownKey

-- A node's gradient, as CAGradientLayer: no colours draws nothing. Points are in unit coordinates of the bounds.
---@class Gradient
---@field type "axial"|"radial"|"conic"
---@field colors (Color|string)[] at most 64; Colors when read
---@field locations number[] each 0…1; empty (or a count other than the colours') spreads them evenly
---@field startPoint Point
---@field endPoint Point
-- A node's shape, drawn as a CAShapeLayer draws it (after the background, before the children); the
-- path is SVG path data in the node's bounds coordinates (see `path`), none by default.
---@class Shape
---@field path string? animatable point by point when the elements match (path.ellipse, path.rect always do)
---@field fillColor Color|string animatable, black by default
---@field strokeColor Color|string? animatable, none by default
---@field lineWidth number animatable, 1 by default
---@field strokeStart number animatable, 0…1
---@field strokeEnd number animatable, 0…1
---@field [string] UnknownKey

-- Where n:insert puts a child: exactly one of the two.
---@class InsertPosition
---@field below? Node
---@field above? Node
---@field [string] UnknownKey

---@class Node
---@field id string read-only
---@field scene string? read-only
---@field isSnapshot boolean read-only
---@field parent Node? read-only
---@field children Node[] read-only
---@field frame Rect animatable; the box of the transformed bounds, as UIKit's (setting it keeps the transform)
---@field bounds Rect animatable, untransformed (resizes about the centre)
---@field center Point animatable, untransformed
---@field alpha number animatable, 0…1
---@field transform Transform animatable, about the centre
---@field backgroundColor Color|string? animatable
---@field cornerRadius number animatable
---@field border Border|{} animatable; each field too
---@field shadow Shadow|{} animatable; each field too
---@field image string? a path beside the scene file, or "placeholder:N"
---@field imageSize Size? read-only: the image's size in points
---@field contentMode "fill"|"aspectFit"|"aspectFill"
---@field text string?
---@field clips boolean
---@field hidden boolean
---@field zIndex number
---@field tag string?
---@field modifiers string[] Hero's modifiers, such as { "fade", "scale(0.8)" }; where and how long a flight goes: "useGlobalCoordinateSpace", "useNoSnapshot", "forceAnimate", "durationMatchLongest", "useScaleBasedSizeChange"
---@field blur number animatable, a Gaussian blur of the node and its subtree (σ in points, 0…1000)
---@field gradient Gradient|{} drawn over the background; colours, locations and points animatable
---@field shape Shape|{} animatable; each field too
---@field mask string? animatable: SVG path data clipping the node and its subtree
---@field shadowPath string? animatable: SVG path data casting the shadow instead of the rounded bounds
---@field transform3D Transform3D animatable, CALayer.transform: after transform, about the anchor point
---@field anchorPoint Point animatable, where the transforms apply, in unit coordinates of the bounds (0.5, 0.5)
---@field sublayerTransform Transform3D animatable, applied to the children about the anchor point (perspective)
---@field zPosition number animatable, orders siblings before zIndex and moves the node along z
---@field maskedCorners CornerName[] the corners cornerRadius rounds (CACornerMask), default all four
---@field cornerCurve "circular"|"continuous" continuous: iOS's continuous corners
---@field backdropBlur number animatable, a Gaussian blur of what lies beneath the node within its rounded bounds (σ in points, 0…1000)
---@field autoresizingMask AutoresizingFlag[] how the frame follows the parent's size (UIView.autoresizingMask), default none
---@field add fun(self: Node, child: Node): Node
---@field insert fun(self: Node, child: Node, where: InsertPosition): Node
---@field remove fun(self: Node)
---@field snapshot fun(self: Node): Node
---@field find fun(self: Node, id: string): Node?
---@field convert (fun(self: Node, value: Rect, to: Node?): Rect)|(fun(self: Node, value: Point, to: Node?): Point)

---@alias CornerName "minXMinY"|"maxXMinY"|"minXMaxY"|"maxXMaxY" a corner, as CACornerMask: minXMinY is the top left
---@alias AutoresizingFlag "flexibleLeftMargin"|"flexibleWidth"|"flexibleRightMargin"|"flexibleTopMargin"|"flexibleHeight"|"flexibleBottomMargin" as UIView.AutoresizingMask

-- What node{} takes: the node's id, its children, and any property a plugin may set.
---@class NodeFields
---@field id? string default "node-N"
---@field children? Node[]
---@field frame? Rect
---@field bounds? Rect
---@field center? Point
---@field alpha? number
---@field transform? Transform
---@field backgroundColor? Color|string
---@field cornerRadius? number
---@field border? Border|{}
---@field shadow? Shadow|{}
---@field image? string
---@field contentMode? "fill"|"aspectFit"|"aspectFill"
---@field text? string
---@field clips? boolean
---@field hidden? boolean
---@field zIndex? number
---@field tag? string
---@field modifiers? string[]
---@field blur? number
---@field gradient? Gradient|{}
---@field shape? Shape|{}
---@field mask? string
---@field shadowPath? string
---@field transform3D? Transform3D
---@field anchorPoint? Point
---@field sublayerTransform? Transform3D
---@field zPosition? number
---@field maskedCorners? CornerName[]
---@field cornerCurve? "circular"|"continuous"
---@field backdropBlur? number
---@field autoresizingMask? AutoresizingFlag[]
---@field [string] UnknownKey

-- A scene's delegate (ctx.from.delegate, ctx.to.delegate). referenceNode is the node the scene's
-- `reference` names, referenceFrame its frame in the container: asking a scene that names none is an
-- error, so both always return one. A delegate script's own methods are reached through its class:
-- `local dialog = ctx.to.delegate --[[@as DialogDelegate]]` (see DelegateScript).
---@class SceneDelegate
---@field referenceNode fun(self: SceneDelegate, ctx: Context?): Node
---@field referenceFrame fun(self: SceneDelegate, ctx: Context?, forward: boolean?): Rect
---@field backgroundColor fun(self: SceneDelegate, ctx: Context): Color
---@field willBegin fun(self: SceneDelegate, ctx: Context)
---@field didEnd fun(self: SceneDelegate, ctx: Context, node: Node?)
---@field didCancel fun(self: SceneDelegate, ctx: Context)

-- The table a scene's delegate script returns: a SceneDelegate with `view`, the scene's root.
-- Declare the script's table as a class of its own that extends this one, and its methods are
-- checked and known wherever the class is named:
--   ---@class DialogDelegate: DelegateScript
--   local dialog = {}
--   function dialog:dialogBox() return self.view:find("dialog-box") end
---@class DelegateScript: SceneDelegate
---@field view Node the scene's root

---@class SceneInfo
---@field name string
---@field view Node
---@field size Size
---@field overlay boolean
---@field delegate SceneDelegate

---@class Gesture
---@field state "began"|"changed"|"ended"|"cancelled"
---@field t number seconds from the transition's start
---@field location Point
---@field translation Point
---@field velocity Point points per second
---@field edge "left"|"right"|nil

---@class Context
---@field container Node
---@field from SceneInfo
---@field to SceneInfo
---@field chrome SceneInfo? bars above the container (--chrome, scenes.chrome)
---@field operation "push"|"pop"|"present"|"dismiss"
---@field presenting boolean
---@field interactive boolean
---@field cancelled boolean
---@field params table<string, any> the plugin's params with --param overrides (numbers, booleans, strings)
---@field size Size
---@field gesture Gesture? how the driving gesture began; nil when not interactive
---@field reducedMotion boolean the viewer asked for less motion: crossfade instead of moving or scaling
---@field duration fun(self: Context): number
---@field complete fun(self: Context, ok: boolean)
---@field onComplete fun(self: Context, fn: fun(ok: boolean)) runs `fn(ok)` when `ctx:complete(ok)` is called, before the screen that goes is removed
---@field update fun(self: Context, fraction: number)
---@field finish fun(self: Context)
---@field cancel fun(self: Context)
---@field drive fun(self: Context)
---@field completionSpeed number speed of the run after an interactive release (settable, default 1)
---@field completionCurve "easeInOut"|"easeIn"|"easeOut"|"linear" curve of the run after an interactive release (settable)
---@field matches fun(self: Context): TagMatch[]

---@class TagMatch
---@field tag string
---@field from Node
---@field to Node

---@class Flight
---@field tag string
---@field from Node
---@field to Node
---@field fromFrame Rect in the container
---@field toFrame Rect in the container
---@field duration number
---@field delay number
---@field curve string|Easing?
---@field spring table|Spring?
---@field control Point? Hero's arc's control point
---@field path (fun(s: number): Rect)? the frame at each progress along the arc; nil when straight
---@field snapshot Node? the source's copy (the source itself with useNoSnapshot), once flying
---@field destinationSnapshot Node? the destination's copy (the destination itself with useNoSnapshot), when fading
---@field global boolean useGlobalCoordinateSpace: above everything rather than under what paints above the destination
---@field scale {[1]: number, [2]: number}? useScaleBasedSizeChange: the scale it ends at, its bounds kept
---@field movedFrame Rect? useScaleBasedSizeChange: the last untransformed frame (the source's size at the destination's centre)
---@field matchLongest boolean durationMatchLongest: its duration is the longest of the other flights'
---@field realSource boolean useNoSnapshot on the source: the source itself flies
---@field realDestination boolean useNoSnapshot on the destination: the destination itself is the fading copy

---@class SharedOptions
---@field pairs TagMatch[]? default: ctx:matches()
---@field duration number? default: Hero's automatic duration per flight
---@field curve string|Easing? default: Material's curve by where the flight starts and ends
---@field spring SpringOptions|SpringParameters|Spring?
---@field delay number?
---@field arc boolean|number|"material"|"materialCenter"? true or an intensity (Hero's arc), or Flutter's arcs
---@field properties "frame"|"position"|"size"?
---@field zIndex number?
---@field fade "auto"|"none"|"cross"|"in"|"out"?
---@field completion (fun(finished: boolean))?
---@field [string] UnknownKey

-- `name`, `duration` and `animate` are required by the host; they are optional here only so that a
-- plugin may set them after its table (`function plugin.animate(ctx) … end`, `plugin.name = "…"`).
---@class Plugin
---@field name? string
---@field summary? string
---@field params? table<string, any> defaults: numbers, booleans or strings
---@field scenes? PluginScenes default: the built-in grid → detail
---@field duration? fun(ctx: Context): number
---@field animate? fun(ctx: Context)
---@field interact? fun(ctx: Context, g: Gesture)
---@field interaction? PluginInteraction
---@field presentation? PluginPresentation
---@field ended? fun(ctx: Context, completed: boolean)
---@field [string] UnknownKey

-- Each is optional: the built-in grid (from) and detail (to) stand in for the one left out.
---@class PluginScenes
---@field from? string
---@field to? string
---@field chrome? string
---@field [string] UnknownKey

---@class PluginInteraction
---@field finishProgress? number
---@field finishVelocity? number
---@field cancelledGesture? "cancel"|"decide"
---@field axis? "horizontal"|"vertical"|"left"|"right"|"up"|"down"
---@field distance? number
---@field [string] UnknownKey

-- A `UIPresentationController`: `self` in each hook is one presentation, from a present to the end of
-- its dismiss; it reads through to this table and holds what the hooks keep (`self.dim = node{ … }`).
---@class PluginPresentation
---@field container Node set before the first hook: the container both transitions share
---@field presentingView Node set before the first hook
---@field presentedView Node set before the first hook
---@field params table<string, any> set before the first hook: the present's params
---@field frameOfPresentedView? fun(self: PluginPresentation, container: Node): Rect
---@field shouldRemovePresentersView? boolean|fun(self: PluginPresentation, ctx: Context): boolean
---@field presentationWillBegin? fun(self: PluginPresentation, ctx: Context)
---@field presentationDidEnd? fun(self: PluginPresentation, ctx: Context, completed: boolean)
---@field dismissalWillBegin? fun(self: PluginPresentation, ctx: Context)
---@field dismissalDidEnd? fun(self: PluginPresentation, ctx: Context, completed: boolean)
---@field [string] any the presentation's own state and helpers

---@class Easing
---@overload fun(x: number): number

---@class Spring
---@field settlingDuration number
---@field mass number
---@field stiffness number
---@field damping number
---@field dampingRatio number
---@field velocity number
---@field value fun(self: Spring, t: number): number

---@class SpringOptions
---@field damping? number
---@field velocity? number
---@field [string] UnknownKey

---@class AnimateOptions
---@field [1]? fun() the animations (or animations =)
---@field animations? fun()
---@field duration? number seconds, default 0.25
---@field delay? number seconds, default 0
---@field curve? string|Easing default "easeInOut", for keyframes too (UIKit's animateKeyframes default)
---@field spring? SpringOptions|SpringParameters|Spring {damping = ratio, velocity = v}, a spring{} or its fields
---@field completion? fun(finished: boolean)
---@field [string] UnknownKey

---@class SpringParameters
---@field mass? number
---@field stiffness? number
---@field damping? number
---@field dampingRatio? number
---@field response? number
---@field velocity? number
---@field [string] UnknownKey

---@param x number
---@param y number
---@param width number
---@param height number
---@return Rect
function rect(x, y, width, height) end

---@param x number
---@param y number
---@return Point
function point(x, y) end

---@param width number
---@param height number
---@return Size
function size(width, height) end

---@param hex string "#RGB", "#RGBA", "#RRGGBB" or "#RRGGBBAA"
---@return Color
---@overload fun(r: number, g: number, b: number, a?: number): Color components in 0…1
function color(hex) end

---@class TransformLibrary
transform = {}
---@type Transform
transform.identity = nil
---@param sx number
---@param sy? number defaults to sx
---@return Transform
function transform.scale(sx, sy) end
---@param x number
---@param y number
---@return Transform
function transform.translate(x, y) end
---@param radians number
---@return Transform
function transform.rotate(radians) end
---@param a number
---@param b number
---@param c number
---@param d number
---@param tx number
---@param ty number
---@return Transform maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty)
function transform.new(a, b, c, d, tx, ty) end

-- Paths as strings of SVG path data, for shape.path, mask and shadowPath.
---@class PathLibrary
path = {}
---@param data string SVG path data (M L H V C S Q T A Z, absolute or relative)
---@return string the same path as absolute M, L, C and Z commands
function path.new(data) end
---@param rect Rect
---@return string the inscribed ellipse: four cubic quarters, so any two ellipses animate
function path.ellipse(rect) end
---@param rect Rect
---@param radius? number corner radius, 0 by default
---@return string four lines and four corners, so any two such rectangles animate
function path.rect(rect, radius) end
---@class Transform3DLibrary
transform3D = {}
---@type Transform3D
transform3D.identity = nil
---@param distance number the eye's distance, above 0
---@return Transform3D m34 = −1/distance
function transform3D.perspective(distance) end
---@param radians number
---@param x number
---@param y number
---@param z number the axis, not (0, 0, 0)
---@return Transform3D
function transform3D.rotate(radians, x, y, z) end
---@param x number
---@param y number
---@param z? number defaults to 0
---@return Transform3D
function transform3D.translate(x, y, z) end
---@param x number
---@param y? number defaults to x
---@param z? number defaults to 1
---@return Transform3D
function transform3D.scale(x, y, z) end
---@param m number[] sixteen numbers m11, m12, …, m44, row by row
---@return Transform3D
function transform3D.new(m) end

---@param fields NodeFields
---@return Node
function node(fields) end

---@param options AnimateOptions
function animate(options) end

---@param options AnimateOptions
function keyframes(options) end

---@param start number fraction of the block
---@param length number fraction of the block
---@param changes fun()
function keyframe(start, length, changes) end

---@param spec string
---@return Easing
function easing(spec) end

---@param parameters SpringParameters {mass, stiffness, damping, velocity} or {dampingRatio, response, velocity}
---@return Spring
function spring(parameters) end

-- Shared elements (docs/shared-elements.md)

---@class ModifierOptions
---@field pairs? TagMatch[] default: ctx:matches()
---@field duration? number
---@field curve? string|Easing
---@field spring? SpringOptions|SpringParameters|Spring
---@field delay? number
---@field completion? fun(finished: boolean)
---@field [string] UnknownKey

---@class CrossfadeOptions
---@field curve? string|Easing
---@field scale? number
---@field [string] UnknownKey

---@class PresetOptions
---@field duration? number
---@field delay? number
---@field completion? fun(finished: boolean)
---@field [string] UnknownKey

---`shared(ctx, options)` flies every matched pair; the functions below are the library's other parts.
---@class SharedLibrary
---@overload fun(ctx: Context, options: SharedOptions?): Flight[]
shared = {}
---@param ctx Context
---@param options ModifierOptions?
---@return table[] the animated nodes' plans
function shared.modifiers(ctx, options) end

---The reduced-motion form of a transition: the screens cross-fade over `ctx:duration()`, then it completes.
---`scale` also scales the screen underneath (the source as the destination comes, the destination as the source goes).
---@param ctx Context
---@param options CrossfadeOptions?
function shared.crossfade(ctx, options) end

---@param ctx Context
---@param spec string such as "push(left)", "fade" or "autoReverse(zoom)"
---@param options PresetOptions?
function shared.preset(ctx, spec, options) end
---@param ctx Context
---@param options SharedOptions?
---@return {flights: Flight[], modifiers: table[], duration: number}
function shared.plan(ctx, options) end
---@param spec string
---@param presenting? boolean autoReverse(…) is reversed unless true
---@return {name: string, direction: string?}
function shared.parsePreset(spec, presenting) end
---@param fromFrame Rect
---@param toFrame Rect
---@return number seconds: 0.208 + clamp(distance, 0, 500) / 3000
function shared.automaticDuration(fromFrame, toFrame) end
---@param fromFrame Rect
---@param toFrame Rect
---@param screen Rect
---@return "standard"|"deceleration"|"acceleration"
function shared.automaticCurve(fromFrame, toFrame, screen) end
---@param from Point
---@param to Point
---@param intensity number
---@return Point? nil when either axis moves less than a point
function shared.arcControl(from, to, intensity) end
---@param from Point
---@param control Point
---@param to Point
---@param s number progress, 0…1
---@return Point
function shared.arcPoint(from, control, to, s) end
---@param fromFrame Rect
---@param toFrame Rect
---@param arc boolean|number|"material"|"materialCenter"
---@return (fun(s: number): Rect)? path the frame at progress s; nil for a straight move
---@return Point? control Hero's control point, for Hero's arc
function shared.arcPath(fromFrame, toFrame, arc) end

-- Specs (`animhost test`)

-- A node as a frame of a run shows it: exactly the fields of the node in timeline.json.
-- Fields from backgroundColor on are present only where they differ from their defaults.
---@class RunNode
---@field id string
---@field scene string?
---@field snapshot true? present on copies made by snapshot()
---@field bbox Rect the transformed frame's bounding box
---@field opacity number alpha times the ancestors'
---@field z integer paint order
---@field frame Rect in the container's coordinates
---@field alpha number
---@field transform Transform
---@field cornerRadius number
---@field hidden boolean
---@field backgroundColor Color?
---@field border {width: number, color: Color}?
---@field shadow {color: Color, opacity: number, radius: number, offset: Size}?
---@field image string?
---@field contentMode "fill"|"aspectFit"|"aspectFill"?
---@field text string?
---@field clips boolean?
---@field zIndex number?
---@field tag string?
---@field blur number?
---@field gradient {type: string, colors: Color[], locations: number[], startPoint: Point, endPoint: Point}?
---@field shape {path: string?, fillColor: Color, strokeColor: Color?, lineWidth: number, strokeStart: number, strokeEnd: number}?
---@field mask string?
---@field shadowPath string?
---@field transform3D Transform3D?
---@field anchorPoint Point?
---@field sublayerTransform Transform3D?
---@field zPosition number?
---@field maskedCorners CornerName[]?
---@field cornerCurve "circular"|"continuous"?
---@field backdropBlur number?
---@field autoresizingMask AutoresizingFlag[]?

---@class RunFrame
---@field index integer
---@field t number
---@field nodes RunNode[]
---@field touch Gesture? the gesture's sample while the finger is down
---@field node fun(self: RunFrame, id: string, scene: string?): RunNode?

-- What animhost.run returns. run:frame(i) is 0-based, negative from the end; run:at(t) is the last frame at or before t.
---@class Run
---@field plugin string
---@field operation string
---@field completed boolean
---@field cancelled boolean
---@field duration number
---@field fps integer
---@field frames RunFrame[]
---@field calls string[]
---@field frame fun(self: Run, i: integer): RunFrame
---@field at fun(self: Run, t: number): RunFrame

---@class RunOptions
---@field plugin string a name or a .lua path
---@field from? string
---@field to? string
---@field chrome? string a chrome scene drawn above the container
---@field operation? "push"|"pop"|"present"|"dismiss"
---@field fps? integer
---@field params? table<string, any>
---@field gesture? string a .json trace or a generated gesture spec
---@field reducedMotion? boolean sets ctx.reducedMotion
---@field [string] UnknownKey

---@class AnimhostLibrary
animhost = {}
---@param options RunOptions
---@return Run
function animhost.run(options) end
---@param name string
---@param text string
---@return string verdict, string? recorded
function animhost.snapshot(name, text) end
---@param name string
---@param run Run
---@param index integer the frame's index (0-based)
---@param scale number
---@param tolerance integer
---@return string verdict, integer? pixels, integer? total, string? diff
function animhost.image_snapshot(name, run, index, scale, tolerance) end

---@param name string
---@param body fun()
function describe(name, body) end
---@param name string
---@param body? fun() without one, the test is pending
function it(name, body) end
---@param name string
function pending(name) end
---@param fn fun()
function before_each(fn) end
---@param fn fun()
function after_each(fn) end
---@param fn fun()
function setup(fn) end
---@param fn fun()
function teardown(fn) end

---@class SpecAssertAre
---@field equal fun(expected: any, actual: any, message?: string)
---@field same fun(expected: any, actual: any, message?: string)
---@field near fun(expected: number, actual: number, tolerance?: number, message?: string)

---@class SpecAssertIs
---@field ["true"] fun(value: any, message?: string)
---@field ["false"] fun(value: any, message?: string)
---@field ["nil"] fun(value: any, message?: string)
---@field truthy fun(value: any, message?: string)
---@field falsy fun(value: any, message?: string)

---@class SpyAssertion
---@field was {called: fun(times?: integer), called_with: fun(...)}
---@field was_not {called: fun()}

---@class ImageSnapshotOptions
---@field frame? integer 0-based; negative counts from the end
---@field at? number seconds
---@field scale? number
---@field tolerance? integer
---@field name? string
---@field [string] UnknownKey

-- In plugins `assert` is Lua's; in specs it is also this table (and still callable).
---@class SpecAssert
---@overload fun<T>(value: T?, message?: any, ...): T as Lua's: the value, no longer nil
---@field are SpecAssertAre
---@field is SpecAssertIs
---@field equal fun(expected: any, actual: any, message?: string)
---@field equals fun(expected: any, actual: any, message?: string)
---@field same fun(expected: any, actual: any, message?: string)
---@field near fun(expected: number, actual: number, tolerance?: number, message?: string)
---@field is_true fun(value: any, message?: string)
---@field is_false fun(value: any, message?: string)
---@field is_nil fun(value: any, message?: string)
---@field is_not_nil fun(value: any, message?: string)
---@field truthy fun(value: any, message?: string)
---@field falsy fun(value: any, message?: string)
---@field has_error fun(fn: fun(), contains?: string, message?: string)
---@field has_no_error fun(fn: fun(), message?: string)
---@field spy fun(s: Spy): SpyAssertion
---@field matches_snapshot fun(run: Run, name?: string)
---@field matches_image_snapshot fun(run: Run, options?: ImageSnapshotOptions)
assert = {}

---@class Spy
---@field calls table[] the arguments of each call
---@field revert? fun() undoes spy.on
---@overload fun(...): any

---@class SpyLibrary
spy = {}
---@param fn? function called through
---@return Spy
function spy.new(fn) end
---@param t table
---@param key string
---@return Spy
function spy.on(t, key) end
