package dev.concurrencylab.lab.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.Threshold;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The JUnit XML export as CI systems read it: valid against Surefire's test-report schema (unpacked from
 * Surefire's source release onto the test classpath by the build), one test case per threshold and check
 * of each variant and benchmark, failed exactly where the run's exit code would say so.
 */
class JUnitExportTest {

    @TempDir
    Path tmp;

    private Path dir;
    private Path xml;
    /** "classname | name" → the failure's or error's message, or null when it passed. */
    private final Map<String, String> cases = new LinkedHashMap<>();
    private final Map<String, String> errors = new LinkedHashMap<>();

    @BeforeEach
    void export() throws Exception {
        dir = ExportedRun.write(tmp, ExportedRun.trial(1, "mvc-platform", true),
                ExportedRun.failingStatus(ExportedRun.trial(2, "mvc-virtual", false), 10), ExportedRun.failed(3, "webflux"),
                ExportedRun.failed(4, "mvc-virtual"));
        xml = Export.JUNIT.write(dir, tmp.resolve("reports"));
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        NodeList testcases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < testcases.getLength(); i++) {
            Element c = (Element) testcases.item(i);
            String key = c.getAttribute("classname") + " | " + c.getAttribute("name");
            cases.put(key, message(c, "failure"));
            if (message(c, "error") != null) {
                errors.put(key, message(c, "error"));
            }
        }
    }

    @Test
    void theReportIsValidAgainstSurefiresTestReportSchema() throws Exception {
        URL schema = getClass().getResource("/surefire-test-report.xsd");
        assertThat(schema).as("Surefire's schema on the test classpath (lab-report/pom.xml unpacks it)").isNotNull();

        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(schema).newValidator()
                .validate(new StreamSource(xml.toFile()));

        assertThat(xml.getFileName().toString()).isEqualTo("TEST-lab-20261124-144340-own-app.xml");
    }

    @Test
    void oneTestCasePerThresholdAndCheckOfEachVariantAndBenchmark() {
        assertThat(cases.keySet()).containsExactly(
                "own-app.owners.mvc-platform | threshold p95 < 3ms",
                "own-app.owners.mvc-platform | threshold throughput > 200",
                "own-app.owners.mvc-platform | threshold p95{request:owners} < 1ms",
                "own-app.owners.mvc-platform | check status is 200",
                "own-app.owners.mvc-platform | check body contains \"id\"",
                // a trial of one request: the threshold on a mix's request judges nothing here
                "own-app.owners.mvc-virtual | threshold p95 < 3ms",
                "own-app.owners.mvc-virtual | threshold throughput > 200",
                "own-app.owners.mvc-virtual | check status is 200",
                "own-app.owners.mvc-virtual | check body contains \"id\"",
                // no trial completed: its thresholds could not be judged, which CI must see
                "own-app.owners.webflux | threshold p95 < 3ms",
                "own-app.owners.webflux | threshold throughput > 200");
    }

    @Test
    void failuresAreWhereTheyFailedWithTheMeasuredFigure() {
        List<String> failed = new ArrayList<>(cases.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey).toList());

        assertThat(failed).containsExactly(
                "own-app.owners.mvc-platform | threshold throughput > 200",
                "own-app.owners.mvc-platform | threshold p95{request:owners} < 1ms",
                "own-app.owners.mvc-virtual | threshold throughput > 200",
                "own-app.owners.mvc-virtual | check status is 200");
        assertThat(cases.get("own-app.owners.mvc-platform | threshold throughput > 200")).contains("met in 0 of 1", "150.009 answers/s (trial 1");
        assertThat(cases.get("own-app.owners.mvc-platform | threshold p95{request:owners} < 1ms")).contains("1.5 ms (trial 1");
        assertThat(cases.get("own-app.owners.mvc-virtual | check status is 200")).contains("10 of 900 answers failed it");
        assertThat(cases.get("own-app.owners.mvc-virtual | threshold throughput > 200")).contains("1 trial(s) failed and judged nothing");
        assertThat(errors).containsOnlyKeys("own-app.owners.webflux | threshold p95 < 3ms", "own-app.owners.webflux | threshold throughput > 200");
        assertThat(errors.values()).allMatch(m -> m.contains("trial 3 failed: the server exited with 137"));
    }

    @Test
    void aThresholdFailsExactlyWhereTheRunsExitCodeSaysItWasCrossed() {
        RunResults results = WindowShapes.classed(RunResults.read(dir));
        List<String> crossed = Threshold.outcomes(results.trials()).stream().filter(o -> !o.met())
                .map((RunRules.ThresholdOutcome o) -> "own-app." + o.benchmark() + "." + o.variant() + " | threshold " + o.threshold()).toList();

        assertThat(crossed).isNotEmpty()
                .containsExactlyElementsOf(cases.entrySet().stream().filter(e -> e.getValue() != null && e.getKey().contains("threshold"))
                        .map(Map.Entry::getKey).toList());
    }

    private static String message(Element testcase, String tag) {
        NodeList found = testcase.getElementsByTagName(tag);
        return found.getLength() == 0 ? null : ((Element) found.item(0)).getAttribute("message");
    }
}
