// The layers the canvases show: the dense-scene rule, and both sets kept in the settings.
#include "settings.hpp"
#include "show_layers.hpp"

#include <gtest/gtest.h>

#include "scratch.hpp"
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace {

namespace fs = std::filesystem;
using ccdlab::ShowLayers;

ccd::Scene with_bodies(std::size_t circles, std::size_t polygons) {
    ccd::Scene scene;
    for (std::size_t i = 0; i < circles; ++i) {
        ccd::Body body;
        body.name = "b" + std::to_string(i);
        body.circle = {{static_cast<double>(i), 0.0}, 0.25};
        scene.bodies.push_back(body);
    }
    for (std::size_t i = 0; i < polygons; ++i) {
        ccd::PolygonBody polygon;
        polygon.name = "p" + std::to_string(i);
        polygon.polygon.vertices = {{0, 0}, {1, 0}, {0, 1}};
        scene.polygons.push_back(polygon);
    }
    return scene;
}

TEST(ShowLayers, MoreThanFiftyBodiesMakeADenseScene) {
    EXPECT_FALSE(ccdlab::is_dense(with_bodies(50, 0)));
    EXPECT_TRUE(ccdlab::is_dense(with_bodies(51, 0)));
    EXPECT_FALSE(ccdlab::is_dense(with_bodies(40, 10)));
    EXPECT_TRUE(ccdlab::is_dense(with_bodies(40, 11))) << "polygons are bodies too";
    ccd::Scene walls_only;
    walls_only.walls.assign(200, ccd::Wall{"w", {{0, 0}, {1, 0}}});
    EXPECT_FALSE(ccdlab::is_dense(walls_only)) << "walls do not count";
}

TEST(ShowLayers, ADenseSceneOpensWithoutNamesNumbersCancelledPredictionsOrHandles) {
    const ShowLayers dense = ccdlab::dense_layers();
    EXPECT_FALSE(dense.labels);
    EXPECT_FALSE(dense.event_numbers);
    EXPECT_FALSE(dense.cancelled_predictions);
    EXPECT_FALSE(dense.handles);
    EXPECT_TRUE(dense.paths);
    EXPECT_TRUE(dense.pending_predictions);
    const ShowLayers ordinary;
    EXPECT_TRUE(ordinary.labels);
    EXPECT_TRUE(ordinary.event_numbers);
    EXPECT_TRUE(ordinary.handles);
    EXPECT_FALSE(ordinary.cancelled_predictions) << "the selected event's cancellations only";
}

TEST(ShowLayers, EveryLayerHasItsOwnKeyAndAView) {
    std::set<std::string> keys;
    for (const ccdlab::LayerField& field : ccdlab::layer_fields()) {
        EXPECT_TRUE(keys.insert(field.key).second) << field.key;
        EXPECT_TRUE(field.world || field.query_lab) << field.key;
    }
    EXPECT_EQ(keys.size(), 10u);
}

TEST(ShowLayers, BothSetsPersistInTheSettings) {
    const fs::path dir = ccdlab_test::scratch_root() / "show-layers-test";
    fs::remove_all(dir);
    ccdlab::Settings settings;
    settings.layers.labels = false;
    settings.layers.roots = false;
    settings.dense_scene_layers.event_numbers = true;
    ccdlab::save_settings(dir, settings);
    const ccdlab::Settings loaded = ccdlab::load_settings(dir);
    EXPECT_FALSE(loaded.layers.labels);
    EXPECT_FALSE(loaded.layers.roots);
    EXPECT_TRUE(loaded.layers.paths);
    EXPECT_TRUE(loaded.dense_scene_layers.event_numbers);
    EXPECT_FALSE(loaded.dense_scene_layers.labels);
}

TEST(ShowLayers, AMissingOrMistypedLayerKeepsItsDefault) {
    const fs::path dir = ccdlab_test::scratch_root() / "show-layers-partial";
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(dir / "settings.json")
        << R"({"show": {"paths": false, "labels": "no"}, "show_dense": 3})";
    const ccdlab::Settings loaded = ccdlab::load_settings(dir);
    EXPECT_FALSE(loaded.layers.paths);
    EXPECT_TRUE(loaded.layers.labels);
    EXPECT_TRUE(loaded.dense_scene_layers == ccdlab::dense_layers());
}

} // namespace
