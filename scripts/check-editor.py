#!/usr/bin/env python3
"""Checks the editor definitions with the real Lua language server (docs/editor.md).

Lays out a plugin project as docs/editor.md sets one up (.luarc.json, .luacheckrc and
editor/animhost.d.lua at its root, beside copies of Plugins/ and Examples/, the `animhost new`
templates, a plugin `animhost new` made, and Usage/: Tests/animhostTests/Fixtures/editor, correct
code using much of the API that the host runs in DefinitionFileTests), runs `lua-language-server --check` at
--checklevel=Warning over it, then over the same project with the typos below seeded into it, and
fails on any difference from scripts/check-editor.expected: the shipped files give no warning, and
each seeded typo gives exactly the warnings listed there.

usage: scripts/check-editor.py [--luals PATH] [--animhost PATH]
       (defaults: lua-language-server on PATH; .build/debug/animhost when built, else the
       templates with their name filled in as `animhost new` fills it)
"""
import argparse, difflib, json, os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECTED = os.path.join(ROOT, "scripts", "check-editor.expected")
USAGE = os.path.join(ROOT, "Tests", "animhostTests", "Fixtures", "editor")  # correct code using much of the API
LUALS_VERSION = "3.19.1"  # the release whose diagnostics scripts/check-editor.expected lists
NEW_NAME = "sheet"  # the plugin `animhost new` makes in the project's New/ folder

# (what the typo is, file in the project, text found exactly once, the text with the typo)
SEEDS = [
    ("animate{} option", "Plugins/crossfade.lua", "function crossfade.duration(ctx)\n  return ctx.params.duration",
     "function crossfade.duration(ctx)\n  animate{ duraton = 0.3, function() end }\n  return ctx.params.duration"),
    ("spring option", "Examples/uikit/fluidphoto.lua", "spring = { damping = 0.8, velocity = 0 }",
     "spring = { dampin = 0.8, velocity = 0 }"),
    ("spring{} parameter", "Plugins/card-lift.lua", "function lift.duration(ctx)\n",
     "function lift.duration(ctx)\n  local _ = spring{ dampingRatio = 0.8, respone = 0.4 }\n"),
    ("shared() option", "Examples/album/album.lua", "shared(ctx, { arc = options.arc,",
     "shared(ctx, { ark = true, arc = options.arc,"),
    ("plugin field", "Plugins/match.lua", '  scenes = { from = "grid", to = "detail" },',
     '  scenes = { from = "grid", to = "detail" },\n  sumary = "typo",'),
    ("ctx method in a helper", "Plugins/zoom.lua", "  ctx:complete(not ctx.cancelled)\nend",
     "  ctx:compelte(not ctx.cancelled)\nend"),
    ("ctx field in a helper", "Plugins/zoom.lua", "  ctx:update(1 - scale)", "  ctx.contianer:add(pan.photo)"),
    ("node property via ctx in a helper", "Examples/uikit/fluidphoto.lua", "  ctx.from.view.alpha = 1\n  ctx:complete",
     "  ctx.from.view.alpah = 1\n  ctx:complete"),
    ("ctx field in a helper", "Plugins/match.lua", "  local p = ctx.params\n", "  local p = ctx.parms\n"),
    ("node property", "Examples/popup/popup.lua", "    overlay.alpha = 0\n", "    overlay.alpah = 0\n"),
    ("node{} field", "Examples/popup/scenes/dialog_spec.lua", 'node{ id = "dialog-box" }',
     'node{ id = "dialog-box", alpah = 0 }'),
    ("node method", "Plugins/card-lift.lua", "ctx.container:add(card)", "ctx.container:ad(card)"),
    ("transform constructor", "Examples/popup/popup.lua", "transform.scale(ctx.params.scale)",
     "transform.sacle(ctx.params.scale)"),
    ("assertion in a spec", "Plugins/crossfade_spec.lua", 'assert.are.equal(0, run:frame(0):node("article").opacity)',
     'assert.are.eqaul(0, run:frame(0):node("article").opacity)'),
    ("assertion in a spec", "Plugins/zoom_spec.lua", "assert.is_true(first:", "assert.is_ture(first:"),
    ("animhost.run{} option", "Plugins/scenes/grid_spec.lua", 'chrome = "tabbar"', 'chrom = "tabbar"'),
    ("delegate method", "Plugins/zoom.lua", "  ctx.from.delegate:willBegin(ctx)", "  ctx.from.delegate:wilBegin(ctx)"),
    ("delegate method in a delegate script", "Plugins/scenes/grid.lua",
     "function grid:transitionSourceImageViewFrame(forward) return self:referenceFrame(nil, forward) end",
     "function grid:transitionSourceImageViewFrame(forward) return self:referenceFrme(nil, forward) end"),
    ("a delegate script's own method", "Examples/popup/popup.lua", "delegate:dialogBox()", "delegate:dialogBx()"),
    ("node property in the template", "Templates/new-plugin.lua", "ctx.to.view.alpha = 0", "ctx.to.view.alpah = 0"),
    ("ctx field in a new plugin", f"New/{NEW_NAME}.lua", "ctx.container:add(ctx.to.view)",
     "ctx.containr:add(ctx.to.view)"),
    ("keyframes{} option", "Examples/uikit/affine-crossfade.lua", "  keyframes{\n    duration = ctx:duration(),",
     "  keyframes{\n    duraton = 0.3,"),
    ("shared.crossfade() option", "Plugins/crossfade.lua", "scale = ctx.params.scale }",
     "scale = ctx.params.scale, sacle = 0.9 }"),
    ("shared.preset() option", "Plugins/match.lua", "{ duration = presetDuration(plan, o), completion = done }",
     "{ duration = presetDuration(plan, o), completon = done }"),
    ("shared.modifiers() option", "Examples/album/album.lua", "shared.modifiers(ctx, { completion = done })",
     "shared.modifiers(ctx, { completon = done })"),
    ("n:insert position", "Examples/uikit/rmp-zoom.lua", "{ above = ctx.from.view }", "{ abov = ctx.from.view }"),
    ("shadow field", "Examples/uikit/photo-lift.lua", "photo.shadow = { opacity = 0 }", "photo.shadow = { opactiy = 0 }"),
    ("border field", "Examples/uikit/list-detail.lua", "function zoom.duration(ctx)\n",
     "function zoom.duration(ctx)\n  ctx.to.view.border = { widht = 1 }\n"),
    ("os outside the sandbox", "Examples/uikit/list-detail.lua", "function zoom.animate(ctx)\n",
     "function zoom.animate(ctx)\n  print(os.date())\n"),
    ("plugin scenes field", "Plugins/card-lift.lua", 'scenes = { from = "cards", to = "card" }',
     'scenes = { from = "cards", to = "card", chrom = "tabbar" }'),
    ("plugin interaction field", "Examples/uikit/zoom-transitioning.lua", '  scenes = { from = "grid", to = "detail" },\n',
     '  scenes = { from = "grid", to = "detail" },\n  interaction = { finishProgres = 0.5 },\n'),
    ("image snapshot option", "Plugins/zoom_spec.lua", "{ at = 0.25, scale = 0.5 }", "{ at = 0.25, scael = 0.5 }"),
    ("field of a node assert() returns in a spec", "Plugins/scenes/grid_spec.lua", "bar.bbox)", "bar.bbx)"),
    ("option given a string", "Examples/uikit/photo-lift.lua", "function lift.animate(ctx)\n",
     'function lift.animate(ctx)\n  local _ = node{ idd = "copy-" .. ctx.to.name }\n'),
    ("option given a table", "Plugins/zoom.lua", "      spring = { damping = ctx.params.damping, velocity",
     "      sprng = { damping = ctx.params.damping, velocity"),
]


def lay_out(project, animhost):
    """The plugin project docs/editor.md describes, with copies of the shipped Lua files."""
    os.makedirs(os.path.join(project, "editor"))
    shutil.copy(os.path.join(ROOT, "editor", "animhost.d.lua"), os.path.join(project, "editor"))
    for name in (".luarc.json", ".luacheckrc"):
        shutil.copy(os.path.join(ROOT, "editor", name), project)
    for folder, source in (("Plugins", "Plugins"), ("Examples", "Examples"), ("Usage", USAGE)):
        shutil.copytree(os.path.join(ROOT, source), os.path.join(project, folder),
                        ignore=lambda d, names: [n for n in names
                                                 if not n.endswith(".lua") and not os.path.isdir(os.path.join(d, n))])
    templates = os.path.join(ROOT, "Sources", "AnimhostHarness", "Lua")
    os.makedirs(os.path.join(project, "Templates"))
    os.makedirs(os.path.join(project, "New"))
    for name in ("new-plugin.lua", "new-plugin_spec.lua"):
        shutil.copy(os.path.join(templates, name), os.path.join(project, "Templates"))
        if not animhost:
            with open(os.path.join(templates, name)) as f:
                text = f.read().replace("{{name}}", NEW_NAME)
            with open(os.path.join(project, "New", name.replace("new-plugin", NEW_NAME)), "w") as f:
                f.write(text)
    if animhost:
        made = subprocess.run([animhost, "new", NEW_NAME, "--dir", os.path.join(project, "New")],
                              capture_output=True, text=True)
        if made.returncode != 0:
            sys.exit(f"check-editor: `{animhost} new` failed (exit {made.returncode}): {made.stderr.strip()}")


def seed(project):
    """Writes each typo into the project's copy of its file; returns each typo's file and lines."""
    for label, path, old, new in SEEDS:
        file = os.path.join(project, path)
        with open(file) as f:
            text = f.read()
        if text.count(old) != 1:
            sys.exit(f"check-editor: the seed for '{label}' finds {text.count(old)} places in {path}, not one")
        with open(file, "w") as f:
            f.write(text.replace(old, new))
    spans = []
    for label, path, _, new in SEEDS:
        with open(os.path.join(project, path)) as f:
            first = f.read().split(new)[0].count("\n") + 1
        spans.append((label, path, range(first, first + new.count("\n") + 1)))
    return spans


def check(luals, project, run):
    """`lua-language-server --check` at --checklevel=Warning: one line per diagnostic, sorted."""
    out = os.path.join(os.path.dirname(project), run + ".json")
    done = subprocess.run([luals, "--check=" + project, "--checklevel=Warning", "--check_format=json",
                           "--check_out_path=" + out, "--logpath=" + os.path.dirname(project)],
                          capture_output=True, text=True)
    if not os.path.exists(out):  # it exits with 1 when it found something, so its report is the sign
        said = done.stderr.strip()[-500:]
        sys.exit(f"check-editor: {luals} wrote no report (exit {done.returncode})" + (f": {said}" if said else
                 f"; is it lua-language-server {LUALS_VERSION}?"))
    with open(out) as f:
        report = json.load(f)
    lines = []
    for uri, diagnostics in (report.items() if isinstance(report, dict) else []):
        path = os.path.relpath(uri.removeprefix("file://"), project)
        for d in diagnostics:
            message = d["message"].splitlines()[0]
            lines.append(f"{run} {path}:{d['range']['start']['line'] + 1} {d['code']} {message}")
    return sorted(lines, key=lambda l: (l.split()[0], l.split()[1].split(":")[0], int(l.split()[1].split(":")[1]), l))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--luals", default=shutil.which("lua-language-server"), help="lua-language-server to run")
    default_animhost = os.path.join(ROOT, ".build", "debug", "animhost")
    parser.add_argument("--animhost", default=default_animhost if os.access(default_animhost, os.X_OK) else None,
                        help="animhost, to make the New/ plugin with `animhost new`")
    args = parser.parse_args()
    if not args.luals:
        sys.exit("check-editor: no lua-language-server on PATH; build it as docs/editor.md says, or pass --luals")
    try:
        version = subprocess.run([args.luals, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError as error:
        sys.exit(f"check-editor: cannot run {args.luals}: {error.strerror}")
    print(f"lua-language-server {version}; New/{NEW_NAME}.lua from "
          + (f"`{args.animhost} new`" if args.animhost else "the template with its name filled in"))
    with tempfile.TemporaryDirectory(prefix="animhost-editor-") as work:
        shipped, typos = os.path.join(work, "shipped"), os.path.join(work, "typos")
        lay_out(shipped, args.animhost)
        lay_out(typos, args.animhost)
        spans = seed(typos)
        actual = check(args.luals, shipped, "shipped") + check(args.luals, typos, "typos")
    with open(EXPECTED) as f:
        expected = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    shipped_lines = [l for l in actual if l.startswith("shipped ")]
    print("\n".join(shipped_lines) if shipped_lines else "shipped files: no warnings")
    for label, path, lines in spans:
        flagged = [l.split(" ", 1)[1] for l in actual
                   if l.startswith(f"typos {path}:") and int(l.split()[1].split(":")[1]) in lines]
        print(f"{'flagged' if flagged else 'MISSED '}  {label}: {'; '.join(flagged) or path}")
    if actual != expected:
        sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in expected], [l + "\n" for l in actual],
                                                   "check-editor.expected", "lua-language-server"))
        other = "" if version == LUALS_VERSION else (
            f" (it lists lua-language-server {LUALS_VERSION}'s; this is {version or 'an unknown version'}, whose messages may differ)")
        sys.exit("check-editor: the diagnostics differ from scripts/check-editor.expected" + other)
    print(f"check-editor: as expected ({len(SEEDS)} typos seeded, {len(actual)} warnings, none on the shipped files)")


if __name__ == "__main__":
    main()
