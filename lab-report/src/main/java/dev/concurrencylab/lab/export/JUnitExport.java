package dev.concurrencylab.lab.export;

import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Threshold;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A results directory's thresholds and checks as a JUnit XML test report (the {@code testsuite} file
 * Surefire writes, which Jenkins, GitLab, GitHub's test reporters and the like read): one test case per
 * threshold and per check, for each variant and benchmark, class {@code suite.benchmark.variant}.
 *
 * <p>A threshold fails as the run's exit code 3 does: when a completed trial did not meet it; one that no
 * trial completed to judge is an error. A check fails when any answer failed it. Each message carries the
 * measured figures, so the CI page says by how much without opening the report.
 */
final class JUnitExport {

    private record Case(String className, String name, double seconds, String kind, String problem, String measured) {
    }

    private JUnitExport() {
    }

    static String of(RunResults results) {
        String suite = results.run().definition().suite();
        List<Case> cases = new ArrayList<>();
        for (String benchmark : results.benchmarks()) {
            for (String variant : results.variants()) {
                List<TrialResult> trials = results.trials(benchmark, variant);
                if (!trials.isEmpty()) {
                    String className = suite + "." + benchmark + "." + variant;
                    thresholds(results.run().rules().thresholds(), trials, className, cases);
                    checks(trials, className, cases);
                }
            }
        }
        return xml(suite, results, cases);
    }

    private static void thresholds(List<String> declared, List<TrialResult> trials, String className, List<Case> cases) {
        List<TrialResult> completed = trials.stream().filter(TrialResult::ok).toList();
        double seconds = windows(completed);
        for (String text : declared) {
            Threshold threshold = Threshold.parse(text);
            List<String> measured = new ArrayList<>();
            int met = 0;
            for (TrialResult t : completed) {
                for (ThresholdResult r : t.judged().thresholds()) {
                    if (r.threshold().equals(threshold.text())) {
                        met += r.passed() ? 1 : 0;
                        measured.add((r.actual() == null ? "no figure" : figure(r.actual()) + " " + unit(threshold))
                                + " (trial " + t.identity().number() + (r.passed() ? "" : ", not met") + ")");
                    }
                }
            }
            String name = "threshold " + threshold.text();
            int failed = trials.size() - completed.size();
            String summary = threshold.text() + ": met in " + met + " of " + measured.size() + " completed trial(s); measured "
                    + String.join(", ", measured) + (failed == 0 ? "" : "; " + failed + " trial(s) failed and judged nothing");
            if (!measured.isEmpty()) {
                cases.add(new Case(className, name, seconds, "threshold", met == measured.size() ? null : summary, summary));
            } else if (threshold.request() == null && !trials.isEmpty() && completed.isEmpty()) {
                String why = "no completed trial to judge it: " + trials.stream()
                        .map(t -> "trial " + t.identity().number() + " failed: " + t.outcome().failure()).collect(Collectors.joining("; "));
                cases.add(new Case(className, name, 0, "error", why, why));
            }
        }
    }

    private static void checks(List<TrialResult> trials, String className, List<Case> cases) {
        List<TrialResult> completed = trials.stream().filter(TrialResult::ok).toList();
        Map<String, long[]> counts = new LinkedHashMap<>();
        for (TrialResult t : completed) {
            for (CheckResult c : t.judged().checks()) {
                long[] n = counts.computeIfAbsent(c.name(), k -> new long[2]);
                n[0] += c.passes();
                n[1] += c.fails();
            }
        }
        counts.forEach((check, n) -> {
            String summary = String.format(Locale.ROOT, "%s: %,d of %,d answers failed it (%s %% passed) over %d completed trial(s)",
                    check, n[1], n[0] + n[1], n[0] + n[1] == 0 ? "-" : figure(100.0 * n[0] / (n[0] + n[1])), completed.size());
            cases.add(new Case(className, "check " + check, windows(completed), "check", n[1] == 0 ? null : summary, summary));
        });
    }

    private static String xml(String suite, RunResults results, List<Case> cases) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(text);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuite");
            x.writeAttribute("name", "lab " + suite + " (" + results.dir().toAbsolutePath().normalize().getFileName() + ")");
            x.writeAttribute("tests", Integer.toString(cases.size()));
            x.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.problem() != null && !c.kind().equals("error")).count()));
            x.writeAttribute("errors", Long.toString(cases.stream().filter(c -> c.kind().equals("error")).count()));
            x.writeAttribute("skipped", "0");
            x.writeAttribute("time", seconds(windows(results.trials().stream().filter(TrialResult::ok).toList())));
            x.writeCharacters("\n  ");
            x.writeStartElement("properties");
            property(x, "suite", suite);
            property(x, "scale", results.run().definition().scale());
            property(x, "command", results.run().definition().command());
            property(x, "gitCommit", results.run().platform().gitCommit());
            property(x, "started", results.run().progress().started());
            x.writeCharacters("\n  ");
            x.writeEndElement();
            for (Case c : cases) {
                x.writeCharacters("\n  ");
                x.writeStartElement("testcase");
                x.writeAttribute("name", c.name());
                x.writeAttribute("classname", c.className());
                x.writeAttribute("time", seconds(c.seconds()));
                if (c.problem() != null) {
                    x.writeStartElement(c.kind().equals("error") ? "error" : "failure");
                    x.writeAttribute("message", c.problem());
                    x.writeAttribute("type", c.kind());
                    x.writeCharacters(c.problem());
                    x.writeEndElement();
                }
                x.writeStartElement("system-out");
                x.writeCharacters(c.measured());
                x.writeEndElement();
                x.writeEndElement();
            }
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the JUnit report: " + e.getMessage(), e);
        }
        return text.toString();
    }

    private static void property(XMLStreamWriter x, String name, String value) throws XMLStreamException {
        if (value != null) {
            x.writeCharacters("\n    ");
            x.writeEmptyElement("property");
            x.writeAttribute("name", name);
            x.writeAttribute("value", value);
        }
    }

    /** The threshold's unit as the suite writes it: latencies in ms, rates in percent, throughput per second. */
    private static String unit(Threshold threshold) {
        return switch (threshold.metric()) {
            case "error-rate", "checks" -> "%";
            case "throughput" -> "answers/s";
            default -> "ms";
        };
    }

    private static double windows(List<TrialResult> trials) {
        return trials.stream().mapToDouble(t -> t.window().windowSeconds()).sum();
    }

    private static String figure(double value) {
        return String.format(Locale.ROOT, "%.3f", value).replaceAll("\\.?0+$", "");
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
