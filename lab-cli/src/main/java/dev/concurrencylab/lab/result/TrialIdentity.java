package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.load.LoadModel;

/**
 * Which trial this is: its place in the run, what ran and under which load.
 *
 * @param number     the trial's number in the run, from 1 (its file name starts with it)
 * @param repetition which trial of this variant and benchmark, from 1
 * @param loadModel  the load model's name, as the report prints it
 */
public record TrialIdentity(int number, String variant, String benchmark, String workload, int repetition,
        String loadModel, LoadModel load) {
}
