package dev.concurrencylab.example;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

@RestController
class BookController {

    private final JdbcClient db;

    BookController(JdbcClient db) {
        this.db = db;
    }

    @GetMapping(path = "/books", produces = MediaType.TEXT_HTML_VALUE)
    String search(@RequestParam String author) {
        List<String> titles = db.sql("SELECT title FROM shelf_books WHERE author = ? ORDER BY id DESC LIMIT 20")
                .param(author).query(String.class).list();
        StringBuilder page = new StringBuilder("<html><body><h1>Books by ").append(HtmlUtils.htmlEscape(author)).append("</h1><ul>");
        titles.forEach(t -> page.append("<li>").append(HtmlUtils.htmlEscape(t)).append("</li>"));
        return page.append("</ul></body></html>").toString();
    }

    @PostMapping(path = "/books", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    String add(@RequestParam String title, @RequestParam String author) {
        db.sql("INSERT INTO shelf_books (title, author) VALUES (?, ?)").param(title).param(author).update();
        return "added";
    }
}
