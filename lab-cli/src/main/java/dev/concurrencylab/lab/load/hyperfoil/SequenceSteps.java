package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Numbers each session as it begins, for the paths that carry {@code {session}}. A Hyperfoil session
 * is reused for user after user, so its own index cannot tell two users apart; the number is drawn
 * afresh each time a sequence (or a lone request) begins, from one count for the whole process, so
 * a warm-up's sessions and a window's never share one.
 */
final class SequenceSteps {

    private static final AtomicLong NEXT = new AtomicLong();

    private SequenceSteps() {
    }

    static final class Begin implements Step, ResourceUtilizer {

        @Override
        public boolean invoke(Session session) {
            session.getResource(Numbered.KEY).number = NEXT.getAndIncrement();
            return true;
        }

        @Override
        public void reserve(Session session) {
            session.declareResource(Numbered.KEY, Numbered::new);
        }
    }

    /** The number of the session now running. */
    static long number(Session session) {
        return session.getResource(Numbered.KEY).number;
    }

    private static final class Numbered implements Session.Resource {
        static final Session.ResourceKey<Numbered> KEY = Key.NUMBERED;
        long number;

        private enum Key implements Session.ResourceKey<Numbered> {
            NUMBERED
        }
    }
}
