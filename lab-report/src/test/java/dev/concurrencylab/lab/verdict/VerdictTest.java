package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict rules, on trial records as the runner writes them. */
class VerdictTest {

    private static final VerdictRules RULES = VerdictRules.DEFAULT;

    @Test
    void aClearDifferenceIsSaidAsARatioWithItsConfidenceInterval() {
        Verdict v = Verdict.of(Figure.P99, "mvc-virtual", trials(4.5, 5.0), "mvc-platform", trials(10.0, 11.0), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).startsWith("2.2× lower p99 than mvc-platform (ratio 0.45, 95 % CI ");
        assertThat(v.interval().high()).isLessThan(1);
    }

    @Test
    void higherThroughputIsBetterAndNeverSaidAsPlusPercentBetter() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(290, 300, 310), "mvc-platform", throughput(95, 100, 105), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).startsWith("3.0× higher throughput than mvc-platform (ratio 3.00, 95 % CI ").doesNotContain("+");
    }

    @Test
    void anIntervalThatHoldsOneAndReachesPastTheMinimumEffectIsUndecidedAndSaysSo() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(9.0, 12.0), "mvc-platform", trials(10.0, 11.0), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(v.text()).startsWith("undecided against mvc-platform (ratio 0.99, 95 % CI ");
        assertThat(v.interval().low()).isLessThan(1);
        assertThat(v.interval().high()).isGreaterThan(1);
    }

    @Test
    void rangesThatDoNotOverlapByChanceAreNotAClaim() {
        // Two trials each from the same spread: the ranges miss each other, the interval does not.
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(1050, 1120), "mvc-platform", throughput(930, 1010), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(v.text()).containsPattern("about \\d+ more trials of each would decide a 5 % change");
    }

    @Test
    void oneMoreTrialIsSaidInTheSingular() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(1010, 1030, 990), "mvc-platform", throughput(1000, 1020, 980), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(v.text()).contains("about 1 more trial of each would decide a 5 % change");
    }

    @Test
    void aConsistentButTinyChangeIsTheSameWithinTheMinimumEffect() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(10.1, 10.2, 10.15), "mvc-platform", trials(9.9, 10.0, 9.95), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.SAME);
        assertThat(v.text()).startsWith("the same as mvc-platform within ±5 % (ratio 1.02, 95 % CI ");
    }

    @Test
    void theSuitesMinimumEffectDecidesWhatIsWorthClaiming() {
        VerdictRules strict = new VerdictRules(0.01, 0.01, java.util.List.of());

        Verdict v = Verdict.of(Figure.P99, "webflux", trials(10.1, 10.2, 10.15), "mvc-platform", trials(9.9, 10.0, 9.95), strict);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.WORSE);
        assertThat(v.text()).as("a small change reads as a percentage, not as 1.0×").startsWith("2.01 % higher p99 than mvc-platform");
    }

    @Test
    void oneTrialGivesNoVerdictAndSaysHowManyItTakes() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(1.0), "mvc-platform", trials(10.0), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
        assertThat(v.text()).contains("at least 2 trials of each");
    }

    @Test
    void aTrialFlaggedForTheMachineNeverWinsItIsLeftOutAndTheOthersDecide() {
        // With the noisy trial's 0.5 ms, webflux's p99 would read five times lower, not two.
        List<TrialResult> flagged = List.of(trial(0.5, 100, "noisy"), trial(5.0, 100), trial(5.2, 100));
        Verdict v = Verdict.of(Figure.P99, "webflux", flagged, "mvc-platform", trials(10.0, 10.5, 10.3), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).startsWith("2.0× lower p99 than mvc-platform (ratio 0.50").endsWith("; 1 and 0 noisy trial(s) left out)");

        Verdict tooFew = Verdict.of(Figure.P99, "webflux", flagged.subList(0, 2), "mvc-platform", trials(10.0, 11.0), RULES);
        assertThat(tooFew.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
        assertThat(tooFew.text()).startsWith("no verdict: 1 and 2 trial(s) give no interval");
    }

    @Test
    void aServerFlagIsAResultAndDoesNotVoidTheVerdict() {
        List<TrialResult> checked = List.of(trial(4.5, 100, "failed-checks"), trial(5.0, 100, "failed-checks"));
        Verdict v = Verdict.of(Figure.P99, "mvc-virtual", checked, "mvc-platform", trials(10.0, 11.0), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
    }

    @Test
    void launchesInTwoGroupsThatStraddleTheBaseAreUndecidedAndSayWhatWouldTell() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "mvc-platform", throughput(2000, 2100, 9800, 10100), "webflux",
                throughput(5000, 5100, 4900), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(v.text()).isEqualTo("undecided against webflux (mvc-platform is inconsistent across launches: its throughput fell in "
                + "two groups, 2,000–2,100 and 9,800–10,100 req/s; 4 and 3 trials cannot bound a ratio by ranks at 95 %: "
                + "more launches of each would tell)");

        Verdict five = Verdict.of(Figure.THROUGHPUT, "mvc-platform", throughput(2000, 2100, 2050, 9800, 10100), "webflux",
                throughput(5000, 5100, 4900, 5050, 4950), RULES);
        assertThat(five.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(five.text()).startsWith("undecided against webflux (ratio ").contains(" by ranks, lower in 15 of 25 launch pairs; "
                + "mvc-platform is inconsistent across launches: its throughput fell in two groups, 2,000–2,100 and 9,800–10,100 req/s; "
                + "more launches of each would tell)");
    }

    @Test
    void aVariantFasterThanEveryLaunchOfTheBaseIsClaimedThoughItsOwnLaunchesFellInTwoGroups() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "mvc-virtual", throughput(4300, 4400, 6700, 6800), "mvc-platform",
                throughput(2000, 2050, 2100, 2150), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).startsWith("2.6× higher throughput than mvc-platform (ratio 2.6").contains("by ranks, higher in every launch pair; "
                + "mvc-virtual is inconsistent across launches: its throughput fell in two groups, 4,300–4,400 and 6,700–6,800 req/s)");
        assertThat(v.interval().low()).as("the smallest of its launch-over-launch ratios").isEqualTo(4300.0 / 2150, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void threeLaunchesOfEachCannotDecideByRanksAndTheVerdictSaysHowManyCould() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "mvc-virtual", throughput(4300, 6700, 6800), "mvc-platform",
                throughput(2000, 2050, 2100), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.UNDECIDED);
        assertThat(v.text()).contains("3 and 3 trials cannot bound a ratio by ranks at 95 %: more launches of each would tell");
    }

    @Test
    void launchesTwentyPercentApartAreSpreadNotTwoGroups() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(27349, 22652), "mvc-platform", throughput(29667, 29161), RULES);

        assertThat(v.kind()).isNotEqualTo(Verdict.Kind.NO_VERDICT);
    }

    @Test
    void equalLaunchesAreOneGroup() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(100, 100, 100), "mvc-platform", throughput(100, 100), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.SAME);
    }

    @Test
    void aWindowThatShiftedTakesPartInNoVerdict() {
        List<TrialResult> shifted = List.of(trial(4.5, 100, "window-shifted"), trial(5.0, 100));
        Verdict v = Verdict.of(Figure.P99, "mvc-virtual", shifted, "mvc-platform", trials(10.0, 11.0), RULES);

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
        assertThat(v.text()).isEqualTo("no verdict: flagged window-shifted");
    }

    @Test
    void aRoundWithANoisyTrialIsNotTheLastTheNextRoundReplacesIt() {
        // Two rounds, a clear difference, but one of the variant's two trials was disturbed: one clean trial gives no interval yet.
        Sequential rule = new Sequential(3);
        java.util.Map<String, List<TrialResult>> round2 = java.util.Map.of(
                "mvc-platform", List.of(trial(10.0, 100), trial(10.4, 104)),
                "webflux", List.of(trial(4.0, 300, "noisy"), trial(4.2, 310)));

        assertThat(rule.decided(round2, "mvc-platform", 2, RULES)).isFalse();
        java.util.Map<String, List<TrialResult>> round3 = java.util.Map.of(
                "mvc-platform", List.of(trial(10.0, 100), trial(10.4, 104), trial(10.2, 102)),
                "webflux", List.of(trial(4.0, 300, "noisy"), trial(4.2, 310), trial(4.1, 305)));
        assertThat(Verdict.of(Figure.THROUGHPUT, "webflux", round3.get("webflux"), "mvc-platform", round3.get("mvc-platform"), RULES).kind())
                .isEqualTo(Verdict.Kind.BETTER);
    }

    @Test
    void launchesInTwoGroupsAtTheThirdRoundGoOnToTheFifthLaunchesThatAgreeDoNot() {
        Sequential rule = new Sequential(3);
        List<TrialResult> base = throughput(1000, 1010, 990);
        java.util.Map<String, List<TrialResult>> split = java.util.Map.of("mvc-platform", base, "webflux", throughput(1500, 1510, 2400));
        java.util.Map<String, List<TrialResult>> agree = java.util.Map.of("mvc-platform", base, "webflux", throughput(1500, 1400, 1650));

        assertThat(rule.decided(split, "mvc-platform", 3, RULES)).as("three launches a side cannot rank").isFalse();
        assertThat(rule.decided(agree, "mvc-platform", 3, RULES)).isTrue();
        java.util.Map<String, List<TrialResult>> fifth = java.util.Map.of("mvc-platform", throughput(1000, 1010, 990, 1005, 995),
                "webflux", throughput(1500, 1510, 2400, 1490, 2380));
        assertThat(rule.decided(fifth, "mvc-platform", 5, RULES)).isTrue();
        assertThat(Verdict.of(Figure.THROUGHPUT, "webflux", fifth.get("webflux"), "mvc-platform", fifth.get("mvc-platform"), RULES).kind())
                .as("every launch pair higher: a claim by ranks").isEqualTo(Verdict.Kind.BETTER);
    }

    private static List<TrialResult> trials(double... p99) {
        return Arrays.stream(p99).mapToObj(p -> trial(p, 100)).toList();
    }

    private static List<TrialResult> throughput(double... rates) {
        return Arrays.stream(rates).mapToObj(r -> trial(5, r)).toList();
    }

    private static TrialResult trial(double p99, double throughput, String... flags) {
        return Trials.ok(throughput, p99, flags);
    }
}
