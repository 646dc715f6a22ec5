package com.example;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A sample class. */
@SuppressWarnings("unchecked")
public class Sample<T extends Comparable<T>> extends Base implements Runnable, Cloneable {
    private static final int LIMIT = 10, OTHER = 20;
    private final List<T> items = new ArrayList<>();

    public Sample(int a, String b) throws Exception {
        super(a);
        this.items.add(null);
    }

    @Override
    public void run() {
        int[] xs = {1, 2, 3};
        for (int i = 0; i < xs.length; i++) {
            if (xs[i] > LIMIT) {
                break;
            } else if (xs[i] < 0) {
                continue;
            } else {
                System.out.println(xs[i]);
            }
        }
        for (T item : items) {
            System.out.println(item);
        }
        switch (OTHER) {
            case 1:
            case 2:
                System.out.println("small");
                break;
            default:
                System.out.println("big");
        }
        try {
            Object o = clone();
        } catch (CloneNotSupportedException | RuntimeException e) {
            throw new RuntimeException(e);
        } finally {
            items.clear();
        }
        Runnable r = () -> System.out.println("lambda");
        r.run();
        String s = OTHER > 5 ? "a" : "b";
        while (s.isEmpty()) {
            s = s + "x";
        }
    }

    enum Kind { A, B, C; int code() { return ordinal(); } }

    interface Visitor<R> {
        R visit(Map<String, Integer> m);
    }
}
