// Scenes as links (ccd/scene_link.hpp, docs/links.md): every shipped scene and fixture comes
// back from its link with the same canonical text; a link written by another tool (Python's
// zlib) decodes; every kind of bad link is refused with a located one-line error.
#include "shipped_scenes.hpp"

#include "ccd/scene_link.hpp"
#include "ccd/scene_loader.hpp"
#include "ccd/scene_writer.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> scenes_and_fixtures() {
    std::vector<fs::path> files = ccd_test::shipped_scene_files();
    const fs::path fixtures = fs::path(CCDLAB_SCENES_DIR).parent_path() / "tests" / "fixtures";
    for (const auto& entry : fs::directory_iterator(fixtures))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    return files;
}

// The message of the SceneError scene_from_link throws, or "" when it throws none.
std::string link_error(const std::string& link) {
    try {
        ccd::scene_from_link(link);
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "";
}

// A link holding `bytes` after the version byte `version`, encoded here with the standard
// alphabet made URL-safe (not with the code under test).
std::string link_of_bytes(const std::string& bytes, std::uint8_t version = 1) {
    static const char* alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const std::string data = std::string(1, static_cast<char>(version)) + bytes;
    std::string text = "index.html#scene=";
    for (std::size_t i = 0; i < data.size(); i += 3) {
        std::uint32_t group = 0;
        const std::size_t n = std::min<std::size_t>(3, data.size() - i);
        for (std::size_t k = 0; k < 3; ++k)
            group = group << 8 | (k < n ? static_cast<unsigned char>(data[i + k]) : 0u);
        for (std::size_t k = 0; k <= n; ++k)
            text += alphabet[(group >> (18 - 6 * k)) & 63];
    }
    return text;
}

// `text` compressed as raw DEFLATE by zlib at its fastest level (the code under test uses the
// best one).
std::string raw_deflate(const std::string& text) {
    z_stream stream{};
    EXPECT_EQ(deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&stream, static_cast<uLong>(text.size())), '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream.avail_in = static_cast<uInt>(text.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

TEST(SceneLink, EverySceneAndFixtureComesBackWithTheSameCanonicalText) {
    int files = 0;
    for (const fs::path& path : scenes_and_fixtures()) {
        SCOPED_TRACE(path.string());
        const ccd::Scene scene = ccd::load_scene_file(path);
        const std::string link = ccd::scene_link(scene);
        ASSERT_TRUE(link.starts_with("index.html#scene=")) << link.substr(0, 40);
        const ccd::Scene back = ccd::scene_from_link(link);
        EXPECT_EQ(back, scene);
        // The canonical text holds every number's bits (-0.0 included, which == does not see).
        EXPECT_EQ(ccd::scene_to_json(back), ccd::scene_to_json(scene));
        EXPECT_EQ(ccd::scene_json_from_link(link), ccd::scene_to_json(scene));
        ++files;
    }
    EXPECT_GE(files, 40);
}

TEST(SceneLink, TheBaseUrlIsKeptAndAWholeUrlOrTheFragmentAlone) {
    const ccd::Scene scene = ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "default.json");
    const std::string link = ccd::scene_link(scene, "https://example.org/ccdlab/index.html");
    ASSERT_TRUE(link.starts_with("https://example.org/ccdlab/index.html#scene="));
    const std::string data = link.substr(link.find('#') + 7);
    EXPECT_EQ(ccd::scene_from_link(link), scene);
    EXPECT_EQ(ccd::scene_from_link("#scene=" + data), scene);
    EXPECT_EQ(ccd::scene_from_link("scene=" + data), scene);
    EXPECT_EQ(ccd::scene_from_link("  " + link + "\r\n"), scene) << "pasted with spaces";
    EXPECT_EQ(ccd::scene_from_link("#scene=" + data + "=="), scene) << "base64 padding";
    EXPECT_EQ(ccd::scene_link(scene).substr(10), link.substr(link.find('#')))
        << "the default base is index.html";
}

// Made by Python's zlib (level 1) and base64, as docs/links.md says, from the text of
// scenes/default.json as it is (not canonical: the reader takes any scene text):
//   c = zlib.compressobj(1, zlib.DEFLATED, -15); d = c.compress(text) + c.flush()
//   base64.urlsafe_b64encode(b'\x01' + d).rstrip(b'=')
TEST(SceneLink, ALinkWrittenByAnotherToolFromTheDocsOpens) {
    const std::string link =
        "index.html#scene="
        "AW1RQWrkMBC8zysKXbILHuPJkg0J5LCw9zwgzKEt99gCWTJSZ0wI8_fttue4F6EudVV1l74PgLvkMpO4Vzjvh0j9"
        "sXpO7Bp7u3KpISd9PG21BIlsrX_QU4ygkUKqAsKq5c4ZuPoSFtl57j0xfCg-MuZ8DWkE-ZJrhUyMS6GZIXmlMiBr"
        "ZxWS4FF5nDlJi7-Fxq3T7JrtJmFBviBIBZWSV_xYJy6sANb8GQf0DBII3nD6iVw2ko33UMFpqA0oDTqv-OmupyOY"
        "4LyQF1xyjHlt7_sHXnXdb81Gx-Gi94-ufWrQtd25gZs4jJNl99J2uG0R9XkIXK1RA4RRk-6otbMVnJLqRMsG7LEY"
        "tOQa7oF9HH-1XYNT-2QGV47ZB_kyvWfDj4-7c6EhfJpN1_7GTa3Om_s9uP_6718ERyam-iqmVubSG_JoiB7nXe5w"
        "O_wD";
    EXPECT_EQ(ccd::scene_from_link(link),
              ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "default.json"));
}

// Version 2, made by Python's zlib (level 1), base64 and zlib.crc32 from the text of
// scenes/two-circles.json as it is, as docs/links.md says:
//   c = zlib.compressobj(1, zlib.DEFLATED, -15); d = b'\x02' + c.compress(text) + c.flush()
//   d += zlib.crc32(d).to_bytes(4, "big"); base64.urlsafe_b64encode(d).rstrip(b'=')
const std::string kPythonVersionTwoLink =
    "index.html#scene=Ao1RsU7DQAzd-xVPWWilJEqBFlGJBbGwsyGG68VNLJK76M5phRD_ji8BRJmY7mw_v2c_vy-A7"
    "OBDbyTbIbO27sy-iJYcZXmqHSlE9k6L6ykWlo4S9Onk0fsjuwaWg-0ozg01RRt4kLkpu_fSfgMSnko8OkhLEBMakou"
    "IQzC9hpqyI2ms4kIBHGEweHYC0xh2UV_UHF_hDxM6jn1PNYKpmbGcKBWsmQRa7RCoM8JHUpLIaR4s1xUEBW5yFOvyc"
    "pVD_GjbtMOpJQeWiI5coyOr-mUOI4q_Q1Vurks8BNOAWIXC10Y_w-bTFGNEa1zdEXyACcGfIDyUX0YyndS3dzV52k_"
    "_z4US58q-fcmRtcRNm65wW27wMZm99zWrr4rUUyD1OrVK40ydyrQntmaY4-kEKfW97MR_XVaJv0r8R-q8ZXlLhe2vf"
    "PJvTCLrspp1z5TmM_1D7Cpxqqt_tYrfQ5yL6VYvi4_FJ2BzEEQ";

TEST(SceneLink, AVersionTwoLinkFromAnotherToolOpensWithoutANote) {
    const ccd::DecodedSceneLink decoded = ccd::decode_scene_link(kPythonVersionTwoLink);
    EXPECT_EQ(decoded.version, 2);
    EXPECT_EQ(decoded.note, "");
    EXPECT_EQ(ccd::scene_from_link(kPythonVersionTwoLink),
              ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json"));
    // What ccdlab writes is version 2: "A" then one of "g" to "v" (100000 to 101111) is the
    // byte 2 followed by 4 bits of the next.
    const std::string ours =
        ccd::scene_link(ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json"));
    EXPECT_TRUE(ours[17] == 'A' && ours[18] >= 'g' && ours[18] <= 'v') << ours.substr(0, 40);
    EXPECT_EQ(ccd::decode_scene_link(ours).version, 2);
}

TEST(SceneLink, AnOldLinkWithoutAChecksumOpensWithANote) {
    const ccd::Scene scene = ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "two-circles.json");
    const ccd::DecodedSceneLink decoded =
        ccd::decode_scene_link(link_of_bytes(raw_deflate(ccd::scene_to_json(scene)), 1));
    EXPECT_EQ(decoded.version, 1);
    EXPECT_EQ(decoded.note, "an old link (version 1, without a checksum): a changed character in "
                            "it may go unnoticed; copy the link again from this ccdlab for one "
                            "with a checksum");
    EXPECT_EQ(ccd::parse_scene(decoded.json, "link"), scene);
}

// Every character of the data changed to another (each to a different one), but the version
// byte's two: the error names the character's place and what it was. Without the checksum a
// changed digit opened another scene, silently.
TEST(SceneLink, EveryOneCharacterChangeIsNamedWithWhatItWas) {
    static const std::string alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const std::string link = kPythonVersionTwoLink;
    const std::size_t data = link.find('=') + 1;
    // The last character's 2 low bits are padding (362 bytes, 2,896 bits, in 483 characters),
    // which the decoder drops: changing only them changes nothing.
    int named = 0, opened = 0;
    for (std::size_t i = data + 2; i < link.size(); ++i) {
        std::string changed = link;
        const std::size_t value = alphabet.find(link[i]);
        changed[i] = alphabet[(value + 1 + i % 62) % 64];
        const std::string e = link_error(changed);
        if (e.empty()) {
            ++opened;
            EXPECT_EQ(i, link.size() - 1) << "only the padding of the last character";
            continue;
        }
        EXPECT_EQ(e, "link: character " + std::to_string(i + 1) + " (\"" + changed.substr(i, 1) +
                         "\") does not match the link's checksum: it was changed, and the "
                         "checksum says it was \"" +
                         link.substr(i, 1) + "\" (mend it, or copy the link again)");
        ++named;
    }
    EXPECT_GE(named, 480);
    EXPECT_LE(opened, 1);
}

// Two characters changed: no one place explains it; the error names the data's characters.
TEST(SceneLink, TwoChangedCharactersAreAChecksumErrorOverTheData) {
    std::string link = kPythonVersionTwoLink;
    link[100] = link[100] == 'A' ? 'B' : 'A';
    link[300] = link[300] == 'A' ? 'B' : 'A';
    EXPECT_EQ(link_error(link), "link: the scene data (characters 18 to " +
                                    std::to_string(link.size()) +
                                    ") does not match the link's checksum: the link was changed, "
                                    "cut short or damaged (copy it again)");
}

TEST(SceneLink, ACharacterOutsideBase64UrlIsNamedByItsPlace) {
    // "index.html#scene=" is 17 characters: the data's fifth character is the link's 22nd.
    EXPECT_EQ(link_error("index.html#scene=AW1R!MW7c"),
              "link: character 22 (\"!\") is not base64url (A-Z, a-z, 0-9, - and _)");
    EXPECT_EQ(link_error("#scene=AW1R+MW7c"),
              "link: character 12 (\"+\") is not base64url (A-Z, a-z, 0-9, - and _)")
        << "standard base64's + and / are not base64url's";
    EXPECT_EQ(link_error("#scene=AW1R MW7c"),
              "link: character 12 (\" \") is not base64url (A-Z, a-z, 0-9, - and _)");
}

TEST(SceneLink, AnUnknownVersionByteIsRefused) {
    // "Aw" is the byte 3 (000000 110000), "AA" the byte 0.
    EXPECT_EQ(link_error("#scene=Aw"),
              "link: version byte 3 (characters 8 and 9): a newer encoding; update ccdlab (this "
              "ccdlab reads versions 1 and 2)");
    EXPECT_EQ(link_error("x#scene=AAAA"), "link: version byte 0 (characters 9 and 10): not a "
                                          "ccdlab scene link (this ccdlab reads versions 1 and 2)");
    EXPECT_EQ(link_error(link_of_bytes(raw_deflate("{}"), 7)).substr(0, 20),
              "link: version byte 7");
}

TEST(SceneLink, ALinkCutShortIsRefused) {
    const ccd::Scene scene =
        ccd::load_scene_file(fs::path(CCDLAB_SCENES_DIR) / "bouncing-balls.json");
    // A link without a checksum (version 1) cut to a whole number of bytes (a multiple of 4
    // characters of data): the DEFLATE stream ends early.
    const std::string old = link_of_bytes(raw_deflate(ccd::scene_to_json(scene)));
    const std::size_t old_data = old.find('=') + 1;
    const std::string old_cut = old.substr(0, old_data + (old.size() - old_data) / 8 * 4);
    EXPECT_TRUE(link_error(old_cut).starts_with("link: the compressed scene ends early, after "))
        << link_error(old_cut);
    // With a checksum, its last 4 bytes are not the checksum of the rest.
    const std::string link = ccd::scene_link(scene);
    const std::size_t data = link.find('=') + 1;
    const std::string cut = link.substr(0, data + (link.size() - data) / 8 * 4);
    EXPECT_EQ(link_error(cut), "link: the scene data (characters 18 to " +
                                   std::to_string(cut.size()) +
                                   ") does not match the link's checksum: the link was changed, "
                                   "cut short or damaged (copy it again)");
    EXPECT_EQ(link_error("#scene=AgAA"),
              "link: the scene data (3 bytes) is shorter than a version byte, a compressed scene "
              "and a 4-byte checksum: the link was cut short");
    // Cut to 4k + 1 characters: half a byte.
    EXPECT_EQ(link_error("#scene=AW1RQ"),
              "link: the scene data (5 characters) ends in the middle of a byte: the link was "
              "cut short");
    EXPECT_EQ(link_error("index.html#scene="), "link: no scene data after \"#scene=\"");
    EXPECT_EQ(link_error("#scene=AQ"), "link: no compressed scene after the version byte");
}

TEST(SceneLink, DataThatIsNotDeflateOrHasBytesAfterItIsRefused) {
    // 0xff: a last block (bit 1) of the reserved type 3, in the data's byte 2 (the first after
    // the version byte).
    EXPECT_EQ(link_error(link_of_bytes("\xff\xff\xff")),
              "link: the compressed scene is not valid DEFLATE data at byte 2 of the data "
              "(invalid block type)");
    // "{}" at level 1 is one fixed-Huffman block of 3 + 8 + 8 + 7 bits: 4 bytes, the data's
    // bytes 2 to 5 (Python's zlib agrees); "xyz" follows from byte 6.
    EXPECT_EQ(link_error(link_of_bytes(raw_deflate("{}") + "xyz")),
              "link: 3 bytes after the end of the compressed scene (from byte 6 of the data)");
}

TEST(SceneLink, ALinkThatDecompressesBeyondTheLimitIsRefused) {
    const std::string link =
        link_of_bytes(raw_deflate(std::string(ccd::kMaxSceneLinkJsonBytes + 1, ' ')));
    EXPECT_LT(link.size(), 100000u) << "a small link";
    EXPECT_EQ(link_error(link), "link: the scene data decompresses to more than 16777216 bytes "
                                "(the limit)");
}

// The loader's message for `text` read from a source named "link".
// 1.1 million empty objects in `bodies` (3.3 MB of "{},", 16 KB compressed): refused while the
// text is parsed, at the 1,000,001st element (the loader counted only once the whole document
// was built: 16 MiB of them took 570 MB).
TEST(SceneLink, ALongArrayIsRefusedWhileItIsParsed) {
    std::string text = R"({"format": "ccdlab-scene", "version": 1, "bodies": [)";
    for (int k = 0; k < 1'100'000; ++k)
        text += "{},";
    text += "{}]}";
    const std::string e = link_error(link_of_bytes(raw_deflate(text)));
    EXPECT_NE(e.find("an array of more than 1000001 elements"), std::string::npos) << e;
}

std::string loader_error(const std::string& text) {
    try {
        ccd::parse_scene(text, "link");
    } catch (const ccd::SceneError& e) {
        return e.what();
    }
    return "";
}

TEST(SceneLink, TextThatIsNotAValidSceneGivesTheLoadersLocatedError) {
    const std::string not_json = "not a scene";
    EXPECT_TRUE(
        link_error(link_of_bytes(raw_deflate(not_json))).starts_with("link:1:2: malformed JSON: "))
        << link_error(link_of_bytes(raw_deflate(not_json)));
    const std::string negative_radius =
        R"({"format": "ccdlab-scene", "version": 1, "bodies": [{"name": "a", "shape": "circle",)"
        R"( "position": [0, 0], "velocity": [1, 0], "radius": -1}]})";
    EXPECT_TRUE(link_error(link_of_bytes(raw_deflate(negative_radius)))
                    .starts_with("link: /bodies/0/radius: "))
        << link_error(link_of_bytes(raw_deflate(negative_radius)));
    const std::string no_version = R"({"format": "ccdlab-scene"})";
    EXPECT_EQ(link_error(link_of_bytes(raw_deflate(no_version))),
              "link: /: missing required field \"version\"");
    // Whatever the loader says of a text, a link holding it says too.
    for (const std::string& text :
         {not_json, negative_radius, no_version,
          std::string("{\"format\": \"ccdlab-scene\", \"version\": 2}"), std::string("[1, 2")}) {
        ASSERT_FALSE(loader_error(text).empty()) << text;
        EXPECT_EQ(link_error(link_of_bytes(raw_deflate(text))), loader_error(text));
    }
}

TEST(SceneLink, ATextWithoutTheMarkerIsNotALink) {
    EXPECT_EQ(link_error("https://example.org/index.html"),
              "link: no \"#scene=\" in \"https://example.org/index.html\" (a scene link ends "
              "with #scene= and the scene's data)");
}

// docs/links.md's "typical scene": a box of four walls and N circles whose numbers were typed
// with one decimal (positions from -9 to 9, radii 0.3 to 0.8, velocities -20 to 20), drawn
// from a fixed pseudo-random sequence.
ccd::Scene typical_scene(int bodies) {
    ccd::Scene scene;
    scene.title = "Balls in a box";
    scene.walls = {{"floor", {{-10, -10}, {10, -10}}},
                   {"right", {{10, -10}, {10, 10}}},
                   {"ceiling", {{10, 10}, {-10, 10}}},
                   {"left", {{-10, 10}, {-10, -10}}}};
    std::uint32_t state = 1;
    const auto next = [&](int n) {
        state = state * 1103515245u + 12345u;
        return static_cast<int>((state >> 16) % static_cast<std::uint32_t>(n));
    };
    for (int i = 0; i < bodies; ++i) {
        ccd::Body body;
        body.name = "ball" + std::to_string(i + 1);
        body.circle.center = {(next(181) - 90) / 10.0, (next(181) - 90) / 10.0};
        body.circle.radius = (3 + next(6)) / 10.0;
        body.velocity = {(next(401) - 200) / 10.0, (next(401) - 200) / 10.0};
        scene.bodies.push_back(body);
    }
    return scene;
}

TEST(SceneLink, SeventyNineTypicalBodiesFitInTwoThousandCharacters) {
    // docs/links.md states 79 bodies as the most a 2,000-character link holds.
    const ccd::Scene scene = typical_scene(79);
    const std::string link = ccd::scene_link(scene);
    EXPECT_LE(link.size(), 2000u);
    EXPECT_EQ(ccd::scene_to_json(ccd::scene_from_link(link)), ccd::scene_to_json(scene));
    EXPECT_GT(ccd::scene_link(typical_scene(80)).size(), 2000u)
        << "80 fit too: docs/links.md understates the limit";
}

} // namespace
