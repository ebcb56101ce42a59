// The shipped benchmark dataset (tests/bench/dataset/ccd2d-bench.jsonl): it reads, it covers
// every kind and stratum with hits, misses and adversarial queries, its labels are the
// reference's (a sample labelled again), and the certified answer of every query keeps to its
// label: zero reference disagreements.
#include "ccd/bench_dataset.hpp"
#include "ccd/bench_run.hpp"
#include "ccd/pair_registry.hpp"
#include "first_contact_reference.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace {

using namespace ccd;

const std::vector<BenchQuery>& shipped() {
    static const std::vector<BenchQuery> queries = read_bench_dataset(CCDLAB_BENCH_DATASET);
    return queries;
}

TEST(ShippedBenchDataset, CoversEveryKindAndStratumWithHitsMissesAndAdversarialQueries) {
    std::map<std::string, std::map<BenchContact, int>> contacts;
    std::map<std::string, std::set<std::string>> tags;
    std::set<std::string> ids;
    for (const BenchQuery& q : shipped()) {
        ++contacts[q.kind + " " + q.stratum][q.label.contact];
        tags[q.kind + " " + q.stratum].insert(q.tags.begin(), q.tags.end());
        EXPECT_TRUE(ids.insert(q.id).second) << "two queries called " << q.id;
    }
    ASSERT_EQ(contacts.size(), 16u);
    for (const auto& [group, counts] : contacts) {
        EXPECT_GE(counts.at(BenchContact::Hit), 50) << group;
        EXPECT_GE(counts.at(BenchContact::Miss), 50) << group;
        for (const char* tag : {"random", "graze", "touch_t0", "touch_t1", "far", "tiny", "huge"})
            EXPECT_TRUE(tags[group].contains(tag)) << group << " has no " << tag;
    }
}

TEST(ShippedBenchDataset, ItsLabelsAreTheReferences) {
    // Every 40th query labelled again: the file is what the reference says today.
    for (std::size_t k = 0; k < shipped().size(); k += 40) {
        const BenchQuery& q = shipped()[k];
        const auto label = ccd_test::first_contact(q.mover, q.obstacle);
        const BenchContact contact =
            label.contact == ccd_test::ReferenceLabel::Contact::Hit     ? BenchContact::Hit
            : label.contact == ccd_test::ReferenceLabel::Contact::Graze ? BenchContact::Graze
                                                                        : BenchContact::Miss;
        EXPECT_EQ(contact, q.label.contact) << q.id;
        EXPECT_NEAR(static_cast<double>(label.t_lo), q.label.t_lo, 1e-15) << q.id;
        EXPECT_NEAR(static_cast<double>(label.t_hi), q.label.t_hi, 1e-15) << q.id;
    }
}

TEST(ShippedBenchDataset, TheCertifiedAnswerOfEveryQueryKeepsToItsLabel) {
    int disagreements = 0;
    for (const BenchQuery& q : shipped())
        if (const auto why = reference_disagreement(q.label, time_of_impact(q.mover, q.obstacle))) {
            ++disagreements;
            ADD_FAILURE() << q.id << " (line " << q.line << "): " << *why;
        }
    EXPECT_EQ(disagreements, 0);
}

TEST(ReferenceDisagreement, SaysWhereTheCertifiedAnswerLeavesTheLabel) {
    const BenchLabel hit{BenchContact::Hit, 0.25, 0.5, -1e-9};
    Hit at;
    at.t = 0.375;
    EXPECT_FALSE(reference_disagreement(hit, at));
    at.t = 0.625;
    EXPECT_EQ(reference_disagreement(hit, at),
              "the certified hit at t = 0.625 is outside the label's [0.25, 0.5]");
    EXPECT_EQ(reference_disagreement(hit, std::nullopt),
              "the certified answer is no contact; the label is a hit in [0.25, 0.5]");
    const BenchLabel graze{BenchContact::Graze, 0.25, 1.0, 1e-12};
    EXPECT_FALSE(reference_disagreement(graze, std::nullopt));
    at.t = 0.125;
    EXPECT_TRUE(reference_disagreement(graze, at)); // before the shapes come within tolerance
    const BenchLabel miss{BenchContact::Miss, 1.0, 1.0, 0.5};
    EXPECT_FALSE(reference_disagreement(miss, std::nullopt));
    EXPECT_TRUE(reference_disagreement(miss, at));
}

} // namespace
