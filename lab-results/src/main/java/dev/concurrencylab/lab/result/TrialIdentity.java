package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.concurrencylab.lab.load.LoadModel;

/**
 * Which trial this is: its place in the run, what ran and under which load.
 *
 * @param number     the trial's number in the run, from 1 (its file name starts with it)
 * @param repetition which trial of this variant and benchmark, from 1
 * @param loadModel  the load model's name, as the report prints it
 * @param launch     the number of the trial whose start-up began the server it ran on, when that was an
 *                   earlier trial's (a suite that shares launches); absent when the server was its own
 * @param slice      where a paired design's slice ran (block, cycle, place, launch); absent for a trial of the fresh design
 */
public record TrialIdentity(int number, String variant, String benchmark, String workload, int repetition,
        String loadModel, LoadModel load, Integer launch, Slice slice) {

    /** A trial of the fresh design. */
    public TrialIdentity(int number, String variant, String benchmark, String workload, int repetition,
            String loadModel, LoadModel load, Integer launch) {
        this(number, variant, benchmark, workload, repetition, loadModel, load, launch, null);
    }

    /** A trial on a server of its own. */
    public TrialIdentity(int number, String variant, String benchmark, String workload, int repetition, String loadModel, LoadModel load) {
        this(number, variant, benchmark, workload, repetition, loadModel, load, null);
    }

    /** True when it ran on a server an earlier trial started, after that trial's benchmark. */
    @JsonIgnore
    public boolean sharedServer() {
        return launch != null && launch != number;
    }
}
