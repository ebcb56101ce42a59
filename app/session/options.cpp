#include "options.hpp"

#include "ccd/run_comparison.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace ccdlab {
namespace {

// The whole of `text` as an int, or nothing.
std::optional<int> whole_int(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// `text` as an int from `low` to `high`, else std::invalid_argument
// "OPTION: expected EXPECTED, got "TEXT"".
int int_option(std::string_view option, std::string_view text, int low, int high,
               std::string_view expected) {
    const std::optional<int> value = whole_int(text);
    if (!value || *value < low || *value > high)
        throw std::invalid_argument(std::string(option) + ": expected " + std::string(expected) +
                                    ", got \"" + std::string(text) + "\"");
    return *value;
}

int parse_dimension(std::string_view text, std::string_view what) {
    const std::optional<int> value = whole_int(text);
    if (!value || *value < 64 || *value > 8192)
        throw std::invalid_argument("--size: " + std::string(what) +
                                    " must be an integer from 64 to 8192, got \"" +
                                    std::string(text) + "\"");
    return *value;
}

// --size WxH into `options`.
void parse_size(std::string_view size, Options& options) {
    const auto x = size.find('x');
    if (x == std::string_view::npos)
        throw std::invalid_argument("--size: expected WxH, e.g. 1280x800, got \"" +
                                    std::string(size) + "\"");
    options.width = parse_dimension(size.substr(0, x), "width");
    options.height = parse_dimension(size.substr(x + 1), "height");
    options.size_given = true;
}

Mode parse_mode(std::string_view mode) {
    if (mode == "query") return Mode::Query;
    if (mode == "world") return Mode::World;
    throw std::invalid_argument("--mode: expected query or world, got \"" + std::string(mode) +
                                "\"");
}

std::string parse_discrete(std::string_view method) {
    if (method != "off" && method != "slide-move" && method != "slide-move-first-found" &&
        method != "push-out")
        throw std::invalid_argument("--discrete: expected off, slide-move, "
                                    "slide-move-first-found or push-out, got \"" +
                                    std::string(method) + "\"");
    return std::string(method);
}

// --compare's KEY=VALUE, checked as ccd::apply_setting reads it.
std::string parse_compare(std::string_view key_value) {
    ccd::RunSettings check;
    try {
        ccd::apply_setting(check, key_value);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("--compare: ") + e.what());
    }
    return std::string(key_value);
}

// --compare-engine's engine: one of the engines whose worlds a scene can be stepped in.
std::string parse_compare_engine(std::string_view name) {
    if (name != "box2d" && name != "bullet" && name != "chipmunk")
        throw std::invalid_argument("--compare-engine: expected box2d, bullet or chipmunk, got \"" +
                                    std::string(name) + "\"");
    return std::string(name);
}

double parse_t(const std::string& text) {
    std::size_t used = 0;
    double t = NAN;
    try {
        t = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || !(t >= 0.0 && t <= 1.0))
        throw std::invalid_argument("--t: expected a number from 0 to 1, got \"" + text + "\"");
    return t;
}

// --compare-tolerance's X: a finite number >= 0.
double parse_compare_tolerance(const std::string& text) {
    std::size_t used = 0;
    double x = NAN;
    try {
        x = std::stod(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || !std::isfinite(x) || x < 0.0)
        throw std::invalid_argument("--compare-tolerance: expected a number >= 0, got \"" + text +
                                    "\"");
    return x;
}

} // namespace

std::string usage_text() {
    return "usage: ccdlab [--scene FILE | --link URL] [--mode query|world]\n"
           "              [--screenshot OUT.png] [--size WxH] [--frame F] [--t T]\n"
           "              [--report FILE]\n"
           "              [--fixtures-dir DIR]\n"
           "              [--recover] [--bench-frames N] [--discrete METHOD]\n"
           "              [--frame-delay-ms MS] [--compare KEY=VALUE]...\n"
           "              [--compare-tolerance X] [--compare-engine ENGINE]\n"
           "              [--engine PATH]...\n"
           "\n"
           "The ccdlab visual debugger for 2D continuous collision detection.\n"
           "\n"
           "  --scene FILE        scene to open (default: the last one opened, else\n"
           "                      scenes/default.json)\n"
           "  --link URL          open the scene a link holds (a URL ending in #scene=...,\n"
           "                      docs/links.md), unsaved, as an untitled scene\n"
           "  --mode query|world  the query lab (one pair taken apart: a body against a\n"
           "                      segment, a body or a polygon; a polygon against a polygon\n"
           "                      or a segment) or the world (the scene stepped by the event\n"
           "                      scheduler); by default the query lab for a scene that is\n"
           "                      just such a pair\n"
           "  --screenshot FILE   render one frame to a PNG file and exit (needs an X display;\n"
           "                      without one: xvfb-run -a ccdlab --screenshot FILE)\n"
           "  --size WxH          window or screenshot size in pixels (default: the last\n"
           "                      window's size, else 1280x800; screenshots 1280x800)\n"
           "  --frame F           the world view opens at frame F (0 to 100000; frames 0 to F\n"
           "                      are stepped and recorded; default 0)\n"
           "  --t T               initial time in the frame, 0 to 1 (default 0)\n"
           "  --report FILE       write the lab's state (positions, answer, handle pixels) as "
           "JSON\n"
           "                      after the first frame and whenever it changes\n"
           "  --fixtures-dir DIR  where Ctrl+E exports the case as a regression fixture\n"
           "                      (default: tests/fixtures of the source tree)\n"
           "  --recover           open the autosave of a run that did not end cleanly\n"
           "                      (otherwise the app offers it when it starts)\n"
           "  --bench-frames N    time N frames of the app's own work on the scene (offscreen,\n"
           "                      like --screenshot), print frame-time percentiles and exit\n"
           "                      (docs/performance.md)\n"
           "  --discrete METHOD   the world view also runs a discrete method on the scene and\n"
           "                      draws where it puts each circle and box: slide-move\n"
           "                      (seed 001), slide-move-first-found (without deepest\n"
           "                      first), push-out (seed 003), or off (default)\n"
           "  --compare KEY=VALUE the world view compares its run with the scene's run under\n"
           "                      KEY=VALUE (repeated: algorithm=NAME, restitution=X,\n"
           "                      response=..., the keys of ccdlab-cli diff) over 100 frames\n"
           "  --compare-tolerance X\n"
           "                      how far the compared runs' events may be apart and be the\n"
           "                      same, as ccdlab-cli diff --tolerance (default 1e-6; 0: exact)\n"
           "  --compare-engine ENGINE\n"
           "                      the world view compares its run with the scene stepped by\n"
           "                      ENGINE's own world (box2d, bullet or chipmunk) over 100\n"
           "                      frames, in the background: its bodies as ghosts, its tunnels\n"
           "                      listed and marked (as ccdlab-cli diff --b world=ENGINE)\n"
           "  --frame-delay-ms MS make every interactive frame MS milliseconds longer (0 to\n"
           "                      2000): a slow machine, for tests of input at low frame rates\n"
           "  --engine PATH       load an engine plugin (a shared library, docs/engines.md):\n"
           "                      its algorithm joins the lab's table (repeatable)\n"
           "  -h, --help          show this help\n"
           "\n"
           "Settings (last scene, window size, panel layout, recent files) and the autosave of\n"
           "unsaved changes live in $XDG_CONFIG_HOME/ccdlab (~/.config/ccdlab); --screenshot\n"
           "neither reads nor writes them.\n"
           "\n"
           "Mouse: drag the yellow handles (circle centers, radii, arrow tips, segment ends at\n"
           "t = 0 and t = 1, polygon centroids; Shift snaps to the grid); right or middle\n"
           "button pans; the wheel zooms.\n"
           "Keys: F1 lists them all; F2 hides the side panel (drag its edge to resize it);\n"
           "Ctrl+Z / Ctrl+Y undo and redo; F12 saves a screenshot; Home frames everything;\n"
           "PageUp / PageDown open the previous / next scene of the folder; Space plays and\n"
           "pauses the world view and animates t in the query lab; Tab switches between the\n"
           "world view and the query lab; Ctrl+Q quits.\n"
           "Files: Ctrl+N new, Ctrl+O open, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+E export\n"
           "the case as a fixture, Ctrl+Shift+E as a C++ test. World view: C, P, S, B add a\n"
           "circle, point, segment, box at the cursor; Delete removes the selected one.\n";
}

Options parse_options(int argc, const char* const* argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const auto value = [&]() -> std::string_view {
            if (i + 1 >= argc) throw std::invalid_argument(std::string(arg) + " needs a value");
            return argv[++i];
        };
        if (arg == "-h" || arg == "--help")
            options.help = true;
        else if (arg == "--scene")
            options.scene = value();
        else if (arg == "--link")
            options.link = std::string(value());
        else if (arg == "--screenshot")
            options.screenshot = value();
        else if (arg == "--mode")
            options.mode = parse_mode(value());
        else if (arg == "--discrete")
            options.discrete = parse_discrete(value());
        else if (arg == "--recover")
            options.recover = true;
        else if (arg == "--fixtures-dir")
            options.fixtures_dir = value();
        else if (arg == "--bench-frames")
            options.bench_frames =
                int_option(arg, value(), 1, std::numeric_limits<int>::max(), "a positive integer");
        else if (arg == "--frame")
            options.frame = int_option(arg, value(), 0, 100000, "an integer from 0 to 100000");
        else if (arg == "--compare")
            options.compare.push_back(parse_compare(value()));
        else if (arg == "--compare-tolerance")
            options.compare_tolerance = parse_compare_tolerance(std::string(value()));
        else if (arg == "--compare-engine")
            options.compare_engine = parse_compare_engine(value());
        else if (arg == "--frame-delay-ms")
            options.frame_delay_ms = int_option(arg, value(), 0, 2000, "an integer from 0 to 2000");
        else if (arg == "--engine")
            options.engines.emplace_back(value());
        else if (arg == "--report")
            options.report = value();
        else if (arg == "--size")
            parse_size(value(), options);
        else if (arg == "--t")
            options.t = parse_t(std::string(value()));
        else
            throw std::invalid_argument("unknown option \"" + std::string(arg) +
                                        "\" (see ccdlab --help)");
    }
    if (options.compare_engine && !options.compare.empty())
        throw std::invalid_argument("--compare-engine and --compare: run b is one or the other");
    if (options.link && !options.scene.empty())
        throw std::invalid_argument("--link and --scene: give one scene or the other");
    return options;
}

} // namespace ccdlab
