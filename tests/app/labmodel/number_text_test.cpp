// Numbers as the panels print them: never "-0"; a candidate's note says "no root" once.

#include "candidate_note.hpp"
#include "number_text.hpp"

#include <gtest/gtest.h>

namespace {

using ccdlab::fixed_text;
using ccdlab::number_text;
using ccdlab::signed_number_text;
using ccdlab::without_negative_zero;

TEST(NumberText, NegativeZeroPrintsAsZero) {
    EXPECT_EQ(number_text(-0.0), "0");
    EXPECT_EQ(number_text(0.0), "0");
    EXPECT_EQ(number_text(-0.0, 17), "0");
}

TEST(NumberText, ATinyNegativeRoundedToZeroLosesItsSign) {
    EXPECT_EQ(fixed_text(-0.00001, 4), "0.0000");
    EXPECT_EQ(fixed_text(-0.0, 2), "0.00");
    EXPECT_EQ(fixed_text(-0.00006, 4), "-0.0001");
}

TEST(NumberText, NegativeNumbersKeepTheirSign) {
    EXPECT_EQ(number_text(-1.5), "-1.5");
    EXPECT_EQ(number_text(-2e-300), "-2e-300");
    EXPECT_EQ(number_text(-0.125, 3), "-0.125");
}

TEST(NumberText, SignedTermsOfAnEquation) {
    EXPECT_EQ(signed_number_text(3.0), "+3");
    EXPECT_EQ(signed_number_text(-2.0), "-2");
    EXPECT_EQ(signed_number_text(-0.0), "+0");
}

TEST(NumberText, TheExponentsDigitsDoNotMakeItNonZero) {
    EXPECT_EQ(without_negative_zero("-0e+00"), "0e+00");
    EXPECT_EQ(without_negative_zero("-0.000e+12"), "0.000e+12");
    EXPECT_EQ(without_negative_zero("-nan"), "-nan");
    EXPECT_EQ(without_negative_zero("-inf"), "-inf");
}

TEST(CandidateNote, NoRootIsSaidOnce) {
    ccd::TraceCandidate c;
    c.note = "no real root: the path passes the disk by";
    EXPECT_EQ(ccdlab::candidate_note(c), "No real root: the path passes the disk by");
    c.note = "leaving the line";
    EXPECT_EQ(ccdlab::candidate_note(c), "No root: leaving the line");
    c.roots.push_back({});
    EXPECT_EQ(ccdlab::candidate_note(c), "leaving the line") << "with roots, the note alone";
}

} // namespace
