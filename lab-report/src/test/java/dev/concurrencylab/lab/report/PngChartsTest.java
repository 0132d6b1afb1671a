package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PngChartsTest {

    @TempDir
    Path dir;

    /**
     * XChart 4.0.3 widens its tick step while a tick label is longer than 20 characters or two labels
     * are the same, and spins for good when a row keeps it so: findings hung on the answer chart once
     * "a fixed wait under open load" became its bottom row. Names alike in their first 20 characters
     * stay apart once cut.
     */
    @Test
    void aRatioChartWithLongRowNamesIsDrawnForEveryNumberOfRows() {
        for (int rows = 1; rows <= 14; rows++) {
            List<String> kinds = new ArrayList<>();
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                kinds.add("a kind of work with a name longer than a tick label, number " + i);
                points.add(i % 3 == 0 ? new double[] {1.0, 1.0, 1.0} : i % 3 == 1 ? new double[] {1.3, 1.1, 1.6} : new double[] {Double.NaN, Double.NaN, Double.NaN});
            }
            var spec = new ChartSpec("answer-" + rows, "Throughput", "ratios", "ratio", "", kinds,
                    List.of(new ChartSpec.Series("mvc-virtual", points), new ChartSpec.Series("webflux", points)));
            Path file = dir.resolve("answer-" + rows + ".png");
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> PngCharts.write(spec, file), rows + " rows");
            assertThat(file).isNotEmptyFile();
        }
    }

    @Test
    void namesAlikeOnceCutAreNumberedWithinTheLabelLength() {
        List<String> fitted = PngCharts.fit(List.of("save, then publish to Kafka at 1x", "save, then publish to Kafka at 6x",
                "save, then publish to Kafka at 3x", "short"));

        assertThat(fitted).doesNotHaveDuplicates().allSatisfy(l -> assertThat(l).hasSizeLessThanOrEqualTo(PngCharts.LABEL));
        assertThat(fitted).containsExactly("save, then publish …", "save, then publish…2", "save, then publish…3", "short");
    }

    @Test
    void everyKindOfWorkHasAChartNameXChartDraws() {
        assertThat(DecisionTable.QUESTIONS).allSatisfy(q -> assertThat(q.label()).hasSizeLessThanOrEqualTo(PngCharts.LABEL));
        assertThat(DecisionTable.QUESTIONS.stream().map(DecisionTable.Question::label)).doesNotHaveDuplicates();
    }
}
