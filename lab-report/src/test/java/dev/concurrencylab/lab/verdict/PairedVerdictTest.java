package dev.concurrencylab.lab.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The paired verdict against simulated blocks whose truth is known: launches that differ by a random
 * launch effect, a host level that drifts from cycle to cycle (shared by the slices of a cycle, with a
 * slow trend through the block), and noise per slice. Seeded, so every run of the test reads the same.
 */
class PairedVerdictTest {

    private static final VerdictRules RULES = VerdictRules.DEFAULT;
    private static final String BASE = "a";

    /** Launch SD 3 %, slice noise 4.7 % (the pilot's within-cycle spread over two), drift 6 % a cycle plus a trend. */
    private static List<TrialResult> block(Random r, int block, int cycles, Map<String, Double> truth, List<TrialResult> into) {
        record Server(String variant, int copy, double level) {
        }
        List<Server> servers = new ArrayList<>();
        truth.forEach((v, level) -> servers.add(new Server(v, 1, level + 0.03 * r.nextGaussian())));
        servers.add(new Server(BASE, 2, truth.get(BASE) + 0.03 * r.nextGaussian()));
        double host = 0.2 * r.nextGaussian();
        double trend = 0.05 * r.nextGaussian();
        for (int c = 1; c <= cycles; c++) {
            host += 0.06 * r.nextGaussian() + trend;
            for (Server s : servers) {
                double level = Math.exp(10 + s.level() + host + 0.047 * r.nextGaussian());
                // p99 falls as throughput rises, with its own noise
                double p99 = Math.exp(1 - s.level() - host + 0.1 * r.nextGaussian());
                into.add(Trials.slice(s.variant(), block, c, s.copy(), level, p99));
            }
        }
        return into;
    }

    private static List<TrialResult> run(Random r, int blocks, int cycles, Map<String, Double> truth) {
        List<TrialResult> slices = new ArrayList<>();
        for (int b = 1; b <= blocks; b++) {
            block(r, b, cycles, truth, slices);
        }
        return slices;
    }

    private static boolean claims(Verdict v) {
        return v.kind() == Verdict.Kind.BETTER || v.kind() == Verdict.Kind.WORSE || v.kind() == Verdict.Kind.DIFFERENT;
    }

    /** How many A/A lines (throughput and p99) claim a difference over {@code runs} simulated runs where nothing differs. */
    private static int aaClaims(Random r, int runs, int blocks, int cycles) {
        int claims = 0;
        for (int i = 0; i < runs; i++) {
            List<TrialResult> slices = run(r, blocks, cycles, Map.of(BASE, 0.0, "b", 0.0, "c", 0.0));
            for (Figure f : List.of(Figure.THROUGHPUT, Figure.P99)) {
                if (claims(PairedVerdict.of(f, new PairedVerdict.Side(BASE, 2), BASE, slices, RULES))) {
                    claims++;
                }
            }
        }
        return claims;
    }

    @Test
    void aaLinesOfSimulatedBlocksWithLaunchEffectsAndDriftClaimAtMostFivePercent() {
        Random r = new Random(71);
        for (int blocks : new int[] {2, 3, 5}) {
            int runs = 1000;
            int claims = aaClaims(r, runs, blocks, 4);
            assertTrue(claims <= 0.05 * 2 * runs, blocks + " blocks: " + claims + " false claims of " + 2 * runs);
        }
    }

    @Test
    void aVariantNoDifferentFromTheBaseIsClaimedDifferentAtMostFivePercent() {
        Random r = new Random(72);
        int claims = 0;
        int runs = 1000;
        for (int i = 0; i < runs; i++) {
            List<TrialResult> slices = run(r, 3, 4, Map.of(BASE, 0.0, "b", 0.0, "c", 0.2));
            if (claims(PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES))) {
                claims++;
            }
        }
        assertTrue(claims <= 0.05 * runs, claims + " false claims of " + runs);
    }

    @Test
    void aVariantTwentyPercentSlowerIsClaimedSlowerInMostRunsOfThreeBlocks() {
        Random r = new Random(73);
        int found = 0;
        int runs = 200;
        for (int i = 0; i < runs; i++) {
            List<TrialResult> slices = run(r, 3, 4, Map.of(BASE, 0.0, "b", Math.log(0.8), "c", 0.0));
            Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
            if (v.kind() == Verdict.Kind.WORSE) {
                found++;
            }
        }
        assertTrue(found >= 0.8 * runs, "claimed slower in " + found + " of " + runs);
    }

    /** Blocks until the sequential rule stops them (looked at from the second) or five ran; the slices they left. */
    private static List<TrialResult> sequential(Random r, Map<String, Double> truth, int[] stoppedAt) {
        List<TrialResult> slices = new ArrayList<>();
        int b = 0;
        while (b < 5) {
            block(r, ++b, 4, truth, slices);
            if (b >= Sequential.FIRST_LOOK && b < 5 && PairedVerdict.decided(slices, BASE, RULES)) {
                break;
            }
        }
        stoppedAt[0] = b;
        return slices;
    }

    @Test
    void blocksThatStopOnceDecidedClaimNoMoreOftenThanFivePercentWhereNothingDiffers() {
        Random r = new Random(76);
        int claims = 0;
        int runs = 1000;
        int[] stoppedAt = new int[1];
        for (int i = 0; i < runs; i++) {
            List<TrialResult> slices = sequential(r, Map.of(BASE, 0.0, "b", 0.0, "c", 0.0), stoppedAt);
            for (Figure f : Sequential.DECIDING) {
                if (claims(PairedVerdict.of(f, new PairedVerdict.Side("b", 1), BASE, slices, RULES))) {
                    claims++;
                }
            }
        }
        assertTrue(claims <= 0.05 * 2 * runs, claims + " false claims of " + 2 * runs);
    }

    @Test
    void aVariantTwiceAsSlowStopsTheBlocksEarlyAndIsClaimedSlower() {
        Random r = new Random(77);
        int early = 0;
        int runs = 200;
        int[] stoppedAt = new int[1];
        for (int i = 0; i < runs; i++) {
            List<TrialResult> slices = sequential(r, Map.of(BASE, 0.0, "b", Math.log(0.5), "c", Math.log(2)), stoppedAt);
            early += stoppedAt[0] < 5 ? 1 : 0;
            Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
            assertEquals(Verdict.Kind.WORSE, v.kind(), v.text());
        }
        assertTrue(early >= 0.8 * runs, "stopped before the fifth block in " + early + " of " + runs);
    }

    @Test
    void theHostsDriftWithinABlockCancelsInThePairs() {
        // every cycle's level differs by far more than the variants do; each launch sits exactly at its variant's level
        List<TrialResult> slices = new ArrayList<>();
        double[] host = {1.0, 0.6, 1.4, 0.9};
        for (int b = 1; b <= 2; b++) {
            for (int c = 1; c <= host.length; c++) {
                slices.add(Trials.slice(BASE, b, c, 1, 1000 * host[c - 1] * (b == 1 ? 1.01 : 0.99), 10));
                slices.add(Trials.slice(BASE, b, c, 2, 1000 * host[c - 1] * (b == 1 ? 0.99 : 1.01), 10));
                slices.add(Trials.slice("b", b, c, 1, 1200 * host[c - 1] * (b == 1 ? 1.01 : 0.99), 10));
            }
        }
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
        assertEquals(Verdict.Kind.BETTER, v.kind(), v.text());
        assertEquals(1.2, v.interval().ratio(), 0.001, v.text());
    }

    /** Three blocks of 8 cycles where "b", no different from the base, starts 40 % low and climbs to its level by the fifth cycle. */
    private static List<TrialResult> stillWarming(Random r) {
        List<TrialResult> slices = new ArrayList<>();
        double[] behind = {-0.5, -0.35, -0.2, -0.1, 0, 0, 0, 0};
        for (int b = 1; b <= 3; b++) {
            double host = 0;
            for (int c = 1; c <= behind.length; c++) {
                host += 0.05 * r.nextGaussian();
                for (String v : List.of(BASE + 1, BASE + 2, "b1")) {
                    double level = 10 + host + 0.02 * r.nextGaussian() + (v.equals("b1") ? behind[c - 1] : 0);
                    slices.add(Trials.slice(v.substring(0, v.length() - 1), b, c, Integer.parseInt(v.substring(v.length() - 1)),
                            Math.exp(level), Math.exp(1 - level + 10)));
                }
            }
        }
        return slices;
    }

    @Test
    void aLaunchStillClimbingInABlocksFirstCyclesIsReadFromTheCyclesAfter() {
        List<TrialResult> slices = stillWarming(new Random(79));
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
        assertTrue(v.interval() != null && v.interval().ratio() > 0.95 && v.interval().ratio() < 1.05, v.text());
        assertTrue(!claims(v), v.text());
        assertTrue(v.text().contains("the first cycles, while launches still moved, left out (MSER)"), v.text());
    }

    @Test
    void noiseAloneCostsTheWarmInCutFewCycles() {
        Random r = new Random(80);
        int cut = 0;
        int blocks = 0;
        for (int i = 0; i < 300; i++) {
            LaunchLevels levels = LaunchLevels.read(Figure.THROUGHPUT, run(r, 3, 8, Map.of(BASE, 0.0, "b", 0.0, "c", 0.0)), BASE);
            cut += levels.warmIn().values().stream().mapToInt(Integer::intValue).sum();
            blocks += 3;
        }
        assertTrue(cut <= 0.15 * 8 * blocks, cut + " of " + 8 * blocks + " cycles left out");
    }

    /** The share of simulated blocks with no warm-in whose first cycles MSER alone would cut, and of their cycles. */
    private static double[] mserOnNoise(int cycles, Random r) {
        int cut = 0;
        int blocksCut = 0;
        int blocks = 1000;
        for (int i = 0; i < blocks; i++) {
            Map<PairedVerdict.Side, Map<Integer, Double>> values = new LinkedHashMap<>();
            for (TrialResult t : block(r, 1, cycles, Map.of(BASE, 0.0, "b", 0.0, "c", 0.0), new ArrayList<>())) {
                values.computeIfAbsent(new PairedVerdict.Side(t.identity().variant(), t.identity().slice().copy()), s -> new TreeMap<>())
                        .put(t.identity().slice().cycle(), Math.log(Figure.THROUGHPUT.of(t)));
            }
            int d = WarmIn.mser(values, LaunchLevels.fit(values));
            cut += d;
            blocksCut += d > 0 ? 1 : 0;
        }
        return new double[] {(double) blocksCut / blocks, (double) cut / (blocks * cycles)};
    }

    @Test
    void mserAloneWouldCutManyShortBlocksOnNoiseWhichIsWhyQuickBlocksAreReadWhole() {
        double[] three = mserOnNoise(3, new Random(85));
        double[] eight = mserOnNoise(8, new Random(86));
        assertTrue(three[0] > 0.25, "3-cycle blocks cut: " + three[0]);
        assertTrue(eight[1] < 0.15, "8-cycle blocks' cycles cut: " + eight[1]);
    }

    @Test
    void aQuickBlocksThreeCyclesAreReadWholeEvenWhereTheFirstIsFarOff() {
        List<TrialResult> slices = stillWarming(new Random(81)).stream().filter(t -> t.identity().slice().cycle() <= 3).toList();
        assertTrue(LaunchLevels.read(Figure.THROUGHPUT, slices, BASE).warmIn().isEmpty());
    }

    @Test
    void aaLinesStayHonestWhereTheWarmInCutApplies() {
        int runs = 1000;
        int claims = aaClaims(new Random(82), runs, 3, 8);
        assertTrue(claims <= 0.05 * 2 * runs, claims + " false claims of " + 2 * runs);
    }

    /** Two blocks of 3 cycles of "a", "a" again and "b", all at one level, with the given launch and slice noise. */
    private static List<TrialResult> noisy(Random r, double launchSd, double sliceSd) {
        List<TrialResult> slices = new ArrayList<>();
        for (int b = 1; b <= 2; b++) {
            double[] launch = {launchSd * r.nextGaussian(), launchSd * r.nextGaussian(), launchSd * r.nextGaussian()};
            for (int c = 1; c <= 3; c++) {
                double host = 0.1 * r.nextGaussian();
                slices.add(Trials.slice(BASE, b, c, 1, Math.exp(10 + host + launch[0] + sliceSd * r.nextGaussian()), 10));
                slices.add(Trials.slice(BASE, b, c, 2, Math.exp(10 + host + launch[1] + sliceSd * r.nextGaussian()), 10));
                slices.add(Trials.slice("b", b, c, 1, Math.exp(10 + host + launch[2] + sliceSd * r.nextGaussian()), 10));
            }
        }
        return slices;
    }

    @Test
    void anUndecidedLineWhoseSpreadIsTheSlicesOwnNoiseSaysMoreCyclesWouldTellToo() {
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, noisy(new Random(83), 0, 0.15), RULES);
        assertEquals(Verdict.Kind.UNDECIDED, v.kind(), v.text());
        assertTrue(v.text().contains("more blocks, or more cycles a block (most of the spread is the slices' own noise), would tell"), v.text());
        assertTrue(v.text().contains("the slices' own noise alone, over a launch's 3 slices"), v.text());
    }

    @Test
    void anUndecidedLineWhoseLaunchesDifferBeyondTheirSlicesAsksForBlocksOnly() {
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, noisy(new Random(84), 0.1, 0.005), RULES);
        assertEquals(Verdict.Kind.UNDECIDED, v.kind(), v.text());
        assertTrue(v.text().endsWith("; more blocks would tell)"), v.text());
    }

    @Test
    void aFlaggedSliceIsLeftOutAndCountedWhileItsCycleStaysPaired() {
        List<TrialResult> slices = run(new Random(74), 2, 4, Map.of(BASE, 0.0, "b", 0.0));
        slices.set(2, Trials.slice("b", 1, 1, 1, 1, 10_000, "noisy"));
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
        assertTrue(v.text().contains("1 and 0 slice(s) left out for their flags"), v.text());
        assertTrue(v.interval() != null && v.interval().ratio() > 0.8 && v.interval().ratio() < 1.25, v.text());
    }

    @Test
    void aLineWithoutAnIntervalSaysHowManySlicesItsFlagsLeftOut() {
        List<TrialResult> slices = new ArrayList<>();
        for (TrialResult t : run(new Random(78), 2, 3, Map.of(BASE, 0.0, "b", 0.0))) {
            slices.add(t.identity().variant().equals("b") ? Trials.slice("b", t.identity().slice().block(), t.identity().slice().cycle(), 1, 1,
                    10_000, "noisy") : t);
        }
        Verdict v = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
        assertEquals(Verdict.Kind.NO_VERDICT, v.kind(), v.text());
        assertTrue(v.text().contains("6 and 0 slice(s) left out for their flags"), v.text());
    }

    @Test
    void aServerThatDiedFailsItsSideWhileTheOthersAreJudged() {
        List<TrialResult> slices = new ArrayList<>(run(new Random(75), 2, 4, Map.of(BASE, 0.0, "b", 0.0, "c", 0.0)));
        TrialResult ok = slices.stream().filter(t -> t.identity().variant().equals("c")).findFirst().orElseThrow();
        slices.add(new TrialResult(ok.identity(), dev.concurrencylab.lab.result.TrialOutcome.failed(
                dev.concurrencylab.lab.result.Flag.SERVER_DIED, "the server died during the trial", "OutOfMemoryError"),
                null, null, null, null, null, null, null));
        Verdict dead = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("c", 1), BASE, slices, RULES);
        assertEquals(Verdict.Kind.WORSE, dead.kind(), dead.text());
        assertTrue(dead.text().startsWith("failed: its server died in block 1"), dead.text());
        Verdict other = PairedVerdict.of(Figure.THROUGHPUT, new PairedVerdict.Side("b", 1), BASE, slices, RULES);
        assertTrue(other.interval() != null, other.text());
    }
}
