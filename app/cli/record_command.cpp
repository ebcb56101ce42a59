// ccdlab-cli record: a scene replayed and written with its events as its expect section.

#include "commands.hpp"

#include "ccd/fixture.hpp"
#include "ccd/frame_range_export.hpp"
#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_limits.hpp"
#include "ccd/scene_writer.hpp"

#include <iostream>
#include <optional>
#include <string>

namespace ccdlab::cli {
namespace {

std::string record_help() {
    return "usage: ccdlab-cli record SCENE -o FIXTURE [--frames N] [--from F]\n"
           "                         [--time-tolerance T] [--distance-tolerance D]\n"
           "\n"
           "Replays the scene with the event scheduler and writes it to FIXTURE with the events\n"
           "it produced as its expect section (docs/scene-format.md), replacing any expect it\n"
           "had: from then on `ccdlab-cli check FIXTURE` guards that behaviour. Everything else\n"
           "in the scene is written back unchanged. The file is written whole or not at all\n"
           "(a temporary file renamed over it); FIXTURE may be SCENE itself, to re-record. With\n"
           "-o - the fixture goes to standard output.\n"
           "\n"
           "With --from F the fixture is frames F to F + N - 1 of the run: the scene as it stands\n"
           "at frame F's start (each body where it is then, with its velocity then and what it\n"
           "last touched, when the World still reads that; a body removed by then left out;\n"
           "each kinematic wall where it is then), titled \"..., from frame F\", its description\n"
           "saying which frames of which scene it holds, expecting the events of those frames\n"
           "renumbered from frame 0. Should the fixture not replay its own events (what a scene\n"
           "cannot hold, docs/recording.md), it is written all the same, the difference is\n"
           "printed and the exit status is 1.\n"
           "\n"
           "  -o FIXTURE                where to write (required)\n"
           "  --frames N                frames to replay, 1 to 100000 (default: the scene's\n"
           "                            expect.frames, else 1)\n"
           "  --from F                  the range's first frame, 0 to 99999 (default 0: the\n"
           "                            scene as it is)\n"
           "  --time-tolerance T        expect.tolerance.time (default: the scene's, else 1e-9)\n"
           "  --distance-tolerance D    expect.tolerance.distance (default: the scene's, else "
           "1e-9)\n"
           "  -h, --help                show this help\n";
}

struct RecordOptions {
    bool help = false;
    std::string scene_path;
    std::string output;
    std::optional<int> frames;
    std::optional<int> from;
    std::optional<double> time_tolerance;
    std::optional<double> distance_tolerance;
};

RecordOptions parse_record(const Arguments& args) {
    RecordOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view arg = args[i];
        if (arg == "-o")
            options.output = option_value(args, i);
        else if (arg == "--frames")
            options.frames = whole_number_option(arg, std::string(option_value(args, i)), 1,
                                                 ccd::kMaxSceneFrames);
        else if (arg == "--from")
            options.from = whole_number_option(arg, std::string(option_value(args, i)), 0,
                                               ccd::kMaxSceneFrames - 1, "frame number");
        else if (arg == "--time-tolerance")
            options.time_tolerance = tolerance_option(arg, std::string(option_value(args, i)));
        else if (arg == "--distance-tolerance")
            options.distance_tolerance = tolerance_option(arg, std::string(option_value(args, i)));
        else
            take_scene_path(options.scene_path, arg, ccd::printable_excerpt(arg));
    });
    if (options.help) return options;
    require_scene_path(options.scene_path);
    if (options.output.empty()) throw UsageError("where to? give -o FIXTURE (see --help)");
    return options;
}

// The scene with its expect section recorded as `options` ask; from a frame on, also how the
// fixture fails to replay the run's events, if it does.
ccd::FrameRangeExport recorded_fixture(const RecordOptions& options) {
    ccd::Scene scene = with_file_name(options.scene_path,
                                      [&] { return ccd::load_scene_file(options.scene_path); });
    const ccd::Expectation previous = scene.expect.value_or(ccd::Expectation{});
    ccd::ExpectTolerance tolerance = previous.tolerance;
    if (options.time_tolerance) tolerance.time = *options.time_tolerance;
    if (options.distance_tolerance) tolerance.distance = *options.distance_tolerance;
    const int frames = options.frames.value_or(previous.frames);
    return with_file_name(options.scene_path, [&] {
        if (options.from) return ccd::export_frame_range(scene, *options.from, frames, tolerance);
        scene.expect = ccd::record_expectation(scene, frames, tolerance);
        return ccd::FrameRangeExport{std::move(scene), std::nullopt};
    });
}

// Writes `fixture` where `options.output` says (standard output for "-"); 1 when it does not
// replay its own events, else 0.
int write_fixture(const ccd::FrameRangeExport& fixture, const RecordOptions& options) {
    const ccd::Scene& scene = fixture.fixture;
    if (options.output == "-") {
        std::cout << ccd::scene_to_json(scene);
    } else {
        ccd::save_scene_file(options.output, scene);
        std::cerr << "ccdlab-cli record: " << scene.expect->events.size() << " events in "
                  << scene.expect->frames << " frame(s) written to "
                  << ccd::printable_excerpt(options.output, kMaxQuotedPathBytes) << '\n';
    }
    if (!fixture.replay_difference) return 0;
    std::cerr << "ccdlab-cli record: the fixture does not replay the run's events from frame "
              << *options.from << ": " << *fixture.replay_difference << '\n';
    return 1;
}

} // namespace

int run_record(const Arguments& args) {
    RecordOptions options;
    if (const auto done = read_command_line("record", args, parse_record, record_help, options))
        return *done;
    try {
        return write_fixture(recorded_fixture(options), options);
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli record: " << e.what() << '\n';
        return 1;
    }
}

} // namespace ccdlab::cli
