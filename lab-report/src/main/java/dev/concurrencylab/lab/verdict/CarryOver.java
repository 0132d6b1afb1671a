package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * What sharing a launch did to a figure, read within each server: the log of a trial's figure is
 * its server's level, plus its benchmark's (per variant), plus one common step for having followed
 * another benchmark on its server; the step's least-squares estimate, with its t-interval, is the
 * ratio. Launches of one variant spread more than two windows on one server do (a fifth and more
 * against a tenth, measured), so setting each server's level apart keeps the launch's spread out of
 * the ratio; setting each benchmark's level apart lets a server run different benchmarks, their order
 * turned from round to round. A server with one trial says nothing about the step and is left out.
 *
 * @param ratio   trials after another benchmark over the one that started their server
 * @param servers servers with a trial on both sides
 */
public record CarryOver(double ratio, double low, double high, int servers) {

    /**
     * @param trials completed trials of one run, some of which shared a server
     * @return empty when the trials leave no degree of freedom for the step's interval, or do not
     *         tell the step from the servers' and benchmarks' levels
     */
    public static Optional<CarryOver> of(List<TrialResult> trials, Figure figure) {
        Map<String, List<TrialResult>> byServer = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            Double v = figure.of(t);
            if (v != null && v > 0) {
                Integer launch = t.identity().launch();
                String server = t.identity().variant() + "\u0000" + (launch != null ? launch : t.identity().number());
                byServer.computeIfAbsent(server, k -> new ArrayList<>()).add(t);
            }
        }
        byServer.values().removeIf(on -> on.size() < 2 || on.stream().noneMatch(t -> t.identity().sharedServer()));
        // Columns: one per server, one per benchmark of a variant but its first (its servers' columns carry that one's
        // level), and the step last.
        Map<String, Integer> benchmarkColumn = new LinkedHashMap<>();
        Map<String, String> firstOf = new LinkedHashMap<>();
        for (List<TrialResult> on : byServer.values()) {
            for (TrialResult t : on) {
                String slot = t.identity().variant() + "\u0000" + t.identity().benchmark();
                if (!slot.equals(firstOf.computeIfAbsent(t.identity().variant(), v -> slot))) {
                    benchmarkColumn.putIfAbsent(slot, byServer.size() + benchmarkColumn.size());
                }
            }
        }
        int columns = byServer.size() + benchmarkColumn.size() + 1;
        int n = byServer.values().stream().mapToInt(List::size).sum();
        if (byServer.size() < 2 || n - columns < 1) {
            return Optional.empty();
        }
        double[] y = new double[n];
        double[][] x = new double[n][columns];
        int i = 0;
        int server = 0;
        for (List<TrialResult> on : byServer.values()) {
            for (TrialResult t : on) {
                y[i] = Math.log(figure.of(t));
                x[i][server] = 1;
                Integer b = benchmarkColumn.get(t.identity().variant() + "\u0000" + t.identity().benchmark());
                if (b != null) {
                    x[i][b] = 1;
                }
                x[i][columns - 1] = t.identity().sharedServer() ? 1 : 0;
                i++;
            }
            server++;
        }
        OLSMultipleLinearRegression fit = new OLSMultipleLinearRegression(1e-10);
        fit.setNoIntercept(true);
        fit.newSampleData(y, x);
        double step;
        double error;
        try {
            step = fit.estimateRegressionParameters()[columns - 1];
            error = fit.estimateRegressionParametersStandardErrors()[columns - 1];
        } catch (SingularMatrixException e) {
            return Optional.empty();
        }
        double half = new TDistribution(n - columns).inverseCumulativeProbability(0.5 + RatioInterval.CONFIDENCE / 2) * error;
        return Optional.of(new CarryOver(Math.exp(step), Math.exp(step - half), Math.exp(step + half), byServer.size()));
    }
}
