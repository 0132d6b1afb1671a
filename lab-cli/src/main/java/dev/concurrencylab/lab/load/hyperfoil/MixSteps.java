package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.MixOrder;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import java.util.ArrayList;
import java.util.List;

/**
 * A mix as Hyperfoil sequences: each request of the mix is a sequence of its own (so the engine keeps
 * its statistics apart, under its name), and a session's first sequence picks which one to start.
 * A user that sends several requests (a counted model) comes back to the pick after each one.
 */
final class MixSteps {

    private MixSteps() {
    }

    /**
     * Starts the sequence of the window's next request by the mix's cycle. The count is the window's,
     * not the session's, so the weights hold over the requests sent whatever the model does with sessions.
     */
    static final class Pick extends ResponseChecks.OnTally implements Step, ResourceUtilizer {
        private final List<Integer> weights;
        private final List<String> sequences;
        private transient MixOrder order;

        Pick(String tally, List<Integer> weights, List<String> sequences) {
            super(tally);
            this.weights = new ArrayList<>(weights);
            this.sequences = new ArrayList<>(sequences);
        }

        @Override
        public boolean invoke(Session session) {
            MixOrder o = order;
            if (o == null) {
                o = MixOrder.of(weights);
                order = o;
            }
            session.getResource(Picked.KEY).count++;
            session.startSequence(sequences.get(o.at(tally().picks.getAndIncrement())), false, Session.ConcurrencyPolicy.FAIL);
            return true;
        }

        @Override
        public void reserve(Session session) {
            session.declareResource(Picked.KEY, Picked::new);
        }
    }

    /** Ends a request's sequence: back to the pick while the user has requests left to send. */
    static final class Again implements Step {
        private final int requests;
        private final String pick;

        Again(int requests, String pick) {
            this.requests = requests;
            this.pick = pick;
        }

        @Override
        public boolean invoke(Session session) {
            Picked picked = session.getResource(Picked.KEY);
            if (picked.count < requests) {
                session.startSequence(pick, false, Session.ConcurrencyPolicy.FAIL);
            }
            return true;
        }
    }

    /** How many requests this session has picked: a session is reset before it is used again. */
    static final class Picked implements Session.Resource {
        static final Session.ResourceKey<Picked> KEY = Key.PICKED;
        int count;

        @Override
        public void onSessionReset(Session session) {
            count = 0;
        }

        private enum Key implements Session.ResourceKey<Picked> {
            PICKED
        }
    }
}
