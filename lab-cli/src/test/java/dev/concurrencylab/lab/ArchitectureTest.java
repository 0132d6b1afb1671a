package dev.concurrencylab.lab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.concurrencylab.lab.report.Report;
import dev.concurrencylab.lab.result.TrialResult;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * The cut between the engine and its results, checked on the classes as built: lab-cli's tests are the
 * one place where every module's classes are on the class path. Packages split across modules
 * ({@code load}, {@code cpu}) are told apart by the module a class was loaded from.
 */
@AnalyzeClasses(packages = "dev.concurrencylab.lab", importOptions = ArchitectureTest.MainClassesOnly.class)
class ArchitectureTest {

    /** The engine: what runs trials, and what only running them needs. */
    private static final String[] ENGINE = {"..lab.cli..", "..lab.run..", "..lab.plan..", "..lab.suite..", "..lab.sut..",
            "..lab.service..", "..lab.hosts..", "..lab.monitor..", "..lab.jfr..", "..lab.jit..", "..lab.load.hyperfoil..",
            "..lab.load.share.."};

    private static final DescribedPredicate<JavaClass> IN_LAB_RESULTS = inModuleOf(TrialResult.class, "lab-results");
    private static final DescribedPredicate<JavaClass> IN_LAB_REPORT = inModuleOf(Report.class, "lab-report");
    private static final DescribedPredicate<JavaClass> OUTSIDE_THE_LAB = JavaClass.Predicates.resideOutsideOfPackage("dev.concurrencylab..");

    @ArchTest
    static final ArchRule theResultsFormatDependsOnNothingOfTheLabOutsideLabResults = classes().that(IN_LAB_RESULTS)
            .should().onlyDependOnClassesThat(IN_LAB_RESULTS.or(OUTSIDE_THE_LAB));

    @ArchTest
    static final ArchRule verdictsReportsAndExportsDependOnLabReportAndLabResultsOnly = classes().that(IN_LAB_REPORT)
            .should().onlyDependOnClassesThat(IN_LAB_REPORT.or(IN_LAB_RESULTS).or(OUTSIDE_THE_LAB));

    @ArchTest
    static final ArchRule verdictsReportsAndExportsUseNoEnginePackage = noClasses()
            .that().resideInAnyPackage("..lab.verdict..", "..lab.report..", "..lab.export..", "..lab.format..")
            .should().dependOnClassesThat().resideInAnyPackage(ENGINE);

    @ArchTest
    static final ArchRule theResultsFormatUsesNoEnginePackage = noClasses()
            .that().resideInAnyPackage("..lab.result..", "..lab.usage..", "..lab.binding..", "..lab.capacity..")
            .should().dependOnClassesThat().resideInAnyPackage(ENGINE);

    @ArchTest
    static final ArchRule theLabsTopLevelPackagesHaveNoCycles = slices().matching("dev.concurrencylab.lab.(*)..").should().beFreeOfCycles();

    /** The classes of the module {@code marker} was loaded from: its classes folder in the reactor, its jar once packaged. */
    private static DescribedPredicate<JavaClass> inModuleOf(Class<?> marker, String module) {
        String where;
        try {
            where = Path.of(marker.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        // an array of a module's type (an enum's values) is that type's
        return DescribedPredicate.describe("in " + module, c -> c.getBaseComponentType().getSource()
                .map(s -> file(s.getUri())).map(f -> f.equals(where) || f.startsWith(where + "/")).orElse(false));
    }

    /** The file a class came from: {@code jar:file:/a.jar!/x/Y.class} is {@code /a.jar}, {@code file:///d/x/Y.class} itself. */
    private static String file(URI source) {
        String s = source.toString();
        return Path.of(URI.create(s.startsWith("jar:") ? s.substring("jar:".length(), s.indexOf("!/")) : s)).toString();
    }

    /** Main classes only: neither this module's test classes nor the test jars it borrows helpers from. */
    static final class MainClassesOnly implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/test-classes/") && !location.contains("-tests.jar");
        }
    }
}
