package dev.concurrencylab.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small bookshelf: a server-rendered search page and a form post, on its own table in whatever
 * PostgreSQL its datasource names. It stands for a team's app in the lab's own-app test, so it knows
 * nothing of the lab.
 */
@SpringBootApplication
public class BookshelfApplication {

    public static void main(String[] args) {
        SpringApplication.run(BookshelfApplication.class, args);
    }
}
