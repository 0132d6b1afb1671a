package dev.concurrencylab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A path's placeholders: one drawn number, and the session's number wherever the path names it. */
class PathTemplateTest {

    @Test
    void theSessionsNumberFillsEveryPlaceThePathNamesItBesideADrawnNumber() {
        PathTemplate path = PathTemplate.parse("/owners/{random:4-4}?visitor={session}&again={session}");

        assertThat(path.isFixed()).isFalse();
        assertThat(path.perSession()).isTrue();
        assertThat(path.next(17)).isEqualTo("/owners/4?visitor=17&again=17");
    }

    @Test
    void aPathWithoutPlaceholdersIsFixedAndNamesNoSession() {
        PathTemplate fixed = PathTemplate.parse("/owners?lastName=Davis");

        assertThat(new boolean[] {fixed.isFixed(), fixed.perSession()}).containsExactly(true, false);
        assertThat(fixed.next(3)).isEqualTo("/owners?lastName=Davis");
    }

    @Test
    void anUnknownPlaceholderOrASecondDrawnNumberIsRefused() {
        assertThatThrownBy(() -> PathTemplate.parse("/owners/{user}")).hasMessageContaining("only {random:MIN-MAX} and {session}");
        assertThatThrownBy(() -> PathTemplate.parse("/{random:1-2}/{session}/{random:1-2}")).hasMessageContaining("only one {random:MIN-MAX}");
    }
}
