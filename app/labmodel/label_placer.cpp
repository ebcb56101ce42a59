#include "label_placer.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace ccdlab {
namespace {

struct Box {
    Vec2 min, max;
};

bool overlap(const Box& a, const Box& b) {
    return a.min.x < b.max.x + kLabelGap && b.min.x < a.max.x + kLabelGap &&
           a.min.y < b.max.y + kLabelGap && b.min.y < a.max.y + kLabelGap;
}

// The placed boxes by grid cell, so that a busy canvas checks only the boxes near a candidate.
class BoxGrid {
public:
    static constexpr double kCell = 64.0;

    bool clear(const Box& box) const {
        bool free = true;
        cells_of(box, [&](long long key) {
            if (!free) return;
            const auto it = cells_.find(key);
            if (it == cells_.end()) return;
            for (const std::size_t i : it->second)
                if (overlap(box, boxes_[i])) {
                    free = false;
                    return;
                }
        });
        return free;
    }

    void add(const Box& box) {
        boxes_.push_back(box);
        cells_of(box, [&](long long key) { cells_[key].push_back(boxes_.size() - 1); });
    }

private:
    template <class F>
    static void cells_of(const Box& box, F&& f) {
        const auto cell = [](double v) { return static_cast<long long>(std::floor(v / kCell)); };
        const long long x0 = cell(box.min.x - kLabelGap), x1 = cell(box.max.x + kLabelGap);
        const long long y0 = cell(box.min.y - kLabelGap), y1 = cell(box.max.y + kLabelGap);
        for (long long y = y0; y <= y1; ++y)
            for (long long x = x0; x <= x1; ++x)
                f(y * 1000003LL + x);
    }

    std::vector<Box> boxes_;
    std::unordered_map<long long, std::vector<std::size_t>> cells_;
};

// Whether `box` reaches into the disc.
bool covers(const Box& box, const KeepClear& disc) {
    const double dx = std::max({box.min.x - disc.center.x, 0.0, disc.center.x - box.max.x});
    const double dy = std::max({box.min.y - disc.center.y, 0.0, disc.center.y - box.max.y});
    return dx * dx + dy * dy < disc.radius * disc.radius;
}

bool clear_of(const Box& box, std::span<const KeepClear> discs) {
    return std::none_of(discs.begin(), discs.end(),
                        [&](const KeepClear& disc) { return covers(box, disc); });
}

} // namespace

std::vector<PlacedLabel> place_labels(std::span<const LabelRequest> requests, LabelArea canvas,
                                      std::span<const KeepClear> keep_clear) {
    std::vector<PlacedLabel> placed(requests.size());
    std::vector<std::size_t> order(requests.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return requests[a].priority > requests[b].priority;
    });
    BoxGrid grid;
    for (const std::size_t i : order) {
        const LabelRequest& r = requests[i];
        const auto place_at = [&](Vec2 a) {
            if (!(a.x >= canvas.lo.x && a.x <= canvas.hi.x && a.y >= canvas.lo.y &&
                  a.y <= canvas.hi.y))
                return false; // the anchor is off the canvas (or not a number)
            // A disc kept clear at the anchor itself (its handle) widens the clearance.
            double clearance = r.clearance;
            for (const KeepClear& disc : keep_clear)
                if (const Vec2 o = disc.center - a; o.x * o.x + o.y * o.y < 1.0)
                    clearance = std::max(clearance, disc.radius);
            // Diagonal spots clear the anchor's disc at 45 degrees; straight ones above and
            // below.
            const double d = clearance * std::sqrt(0.5) + kLabelOffset;
            const double s = clearance + kLabelOffset;
            const double w = r.size.x, h = r.size.y;
            const Vec2 spots[] = {{a.x + d, a.y - d - h},     {a.x + d, a.y + d},
                                  {a.x - d - w, a.y - d - h}, {a.x - d - w, a.y + d},
                                  {a.x - w / 2, a.y - s - h}, {a.x - w / 2, a.y + s}};
            for (const Vec2 spot : spots) {
                const Box box{spot, {spot.x + w, spot.y + h}};
                if (box.min.x < canvas.lo.x || box.min.y < canvas.lo.y || box.max.x > canvas.hi.x ||
                    box.max.y > canvas.hi.y)
                    continue;
                if (!grid.clear(box) || !clear_of(box, keep_clear)) continue;
                grid.add(box);
                placed[i] = {true, spot};
                return true;
            }
            return false;
        };
        if (place_at(r.anchor)) continue;
        for (const Vec2 other : r.other_anchors)
            if (place_at(other)) break;
    }
    return placed;
}

} // namespace ccdlab
