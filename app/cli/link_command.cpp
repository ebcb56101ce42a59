// ccdlab-cli link: a scene's link, or the scene a link holds.

#include "commands.hpp"

#include "ccd/printable_excerpt.hpp"
#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <iostream>
#include <optional>
#include <string>

namespace ccdlab::cli {
namespace {

std::string link_help() {
    return "usage: ccdlab-cli link SCENE [--base URL]\n"
           "       ccdlab-cli link --open URL\n"
           "\n"
           "A scene as a link (docs/links.md): its canonical JSON, compressed, after #scene=.\n"
           "The first form prints the link of SCENE (a scene file) on one line; the second\n"
           "prints the scene a link holds, as the canonical JSON a saved scene file holds (the\n"
           "URL may be a whole link or its fragment, #scene=...).\n"
           "\n"
           "Exit status: 0 on success, 1 when the scene does not load or the link does not\n"
           "decode to a valid scene (the located reason on standard error), 2 for a bad\n"
           "command line.\n"
           "\n"
           "  --base URL   what the link is made against (default: index.html, a relative\n"
           "               link to the web build's page)\n"
           "  --open URL   decode URL and print the scene it holds\n"
           "  -h, --help   show this help\n";
}

struct LinkOptions {
    bool help = false;
    std::string scene_path;
    std::optional<std::string> base;
    std::optional<std::string> open;
};

LinkOptions parse_link(const Arguments& args) {
    LinkOptions options;
    options.help = read_arguments(args, [&](std::size_t& i) {
        const std::string_view arg = args[i];
        if (arg == "--base" || arg == "--open")
            (arg == "--base" ? options.base : options.open) = std::string(option_value(args, i));
        else
            take_scene_path(options.scene_path, arg, ccd::printable_excerpt(arg));
    });
    if (options.help) return options;
    if (options.open && (!options.scene_path.empty() || options.base))
        throw UsageError("--open takes a link alone, without a scene or --base (see --help)");
    if (!options.open && options.scene_path.empty())
        throw UsageError("which scene? give SCENE or --open URL (see --help)");
    return options;
}

} // namespace

int run_link(const Arguments& args) {
    LinkOptions options;
    if (const auto done = read_command_line("link", args, parse_link, link_help, options))
        return *done;
    try {
        if (options.open) {
            const ccd::DecodedSceneLink decoded = ccd::decode_scene_link(*options.open);
            if (!decoded.note.empty())
                std::cerr << "ccdlab-cli link: note: link: " << decoded.note << '\n';
            std::cout << ccd::scene_to_json(ccd::parse_scene(decoded.json, "link"));
        } else
            std::cout << ccd::scene_link(
                             with_file_name(
                                 options.scene_path,
                                 [&] { return ccd::load_scene_file(options.scene_path); }),
                             options.base.value_or(std::string(ccd::kDefaultLinkBase)))
                      << '\n';
    } catch (const ccd::SceneError& e) {
        std::cerr << "ccdlab-cli link: " << e.what() << '\n';
        return 1;
    }
    return 0;
}

} // namespace ccdlab::cli
