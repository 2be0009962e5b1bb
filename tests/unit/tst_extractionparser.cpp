#include "llm/ExtractionParser.h"
#include "llm/SummaryParser.h"

#include <QTest>

using namespace engram;

namespace {

QString s(const char16_t* text)
{
    return QString::fromUtf16(text);
}

QString q(const char* utf8)
{
    return QString::fromUtf8(utf8);
}

} // namespace

class TestExtractionParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsFencedJsonWithProseAround()
    {
        const QString reply = s(u"好的，以下是提取结果：\n```json\n"
                                u"{\"facts\":[{\"subject\":\"user\",\"predicate\":\"职业\",\"object\":\"Java后端开发\","
                                u"\"confidence\":0.9}],\n"
                                u" \"updates\":[{\"subject\":\"用户\",\"predicate\":\"project\",\"object\":\"短视频\","
                                u"\"confidence\":0.85}],\n"
                                u" \"deletes\":[{\"subject\":\"user\",\"predicate\":\"公司\"}]}\n```\n希望有帮助！");
        const auto parsed = ExtractionParser::parse(reply);
        QVERIFY2(parsed, qPrintable(parsed.errorMessage()));
        const FactOperations& ops = parsed->operations;
        QCOMPARE(ops.facts.size(), 1);
        QCOMPARE(ops.facts.first(),
                 (FactCandidate{QStringLiteral("user"), QStringLiteral("job"), s(u"Java后端开发"), 0.9}));
        QCOMPARE(ops.updates.size(), 1);
        QCOMPARE(ops.updates.first().subject, QStringLiteral("user")); // 用户 is the user
        QCOMPARE(ops.updates.first().object, s(u"短视频"));
        QCOMPARE(ops.deletes, (QList<FactDelete>{{QStringLiteral("user"), QStringLiteral("employer")}}));
        QCOMPARE(parsed->dropped, 0);
    }

    void readsBareJsonAndJsonAfterProse()
    {
        const QString bare = QStringLiteral(
            "{\"facts\":[{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"Ada\",\"confidence\":1}]}");
        const auto a = ExtractionParser::parse(bare);
        QVERIFY(a);
        QCOMPARE(a->operations.facts.first().object, QStringLiteral("Ada"));

        // Braces in the prose before the JSON must not hide it.
        const QString prose = QStringLiteral("Sure! I used the {subject, predicate} form. Here it is: "
                                             "{\"facts\":[{\"subject\":\"user\",\"predicate\":\"likes\",\"object\":"
                                             "\"tea\",\"confidence\":0.8}]} Let me know.");
        const auto b = ExtractionParser::parse(prose);
        QVERIFY2(b, qPrintable(b.errorMessage()));
        QCOMPARE(b->operations.facts.size(), 1);
        QCOMPARE(b->operations.facts.first().predicate, QStringLiteral("likes"));
    }

    // Backticks inside a value are no code fence: a reply that is JSON as a whole is read whole
    // (fuzz finding extractionparser/finding-backticks-in-a-value-1, CI's run in session 14).
    void backticksInAValueAreNoFence()
    {
        const QString reply =
            QStringLiteral("{\"deletes\":[{\"predicate\":\"``````````project\",\"subject\":\"user\"}],"
                           "\"facts\":[{\"confidence\":1.0,\"object\":\"Acme "
                           "Corp\",\"predicate\":\"employer\",\"subject\":\"user\"}]}");
        const auto parsed = ExtractionParser::parse(reply);
        QVERIFY2(parsed, qPrintable(parsed.errorMessage()));
        QCOMPARE(parsed->operations.facts.size(), 1);
        QCOMPARE(parsed->operations.facts.first().object, QStringLiteral("Acme Corp"));
        QCOMPARE(parsed->operations.deletes.size(), 1);
        QCOMPARE(parsed->operations.deletes.first().predicate, QStringLiteral("``````````project"));
    }

    void missingKeysAreEmptyLists()
    {
        const auto onlyDeletes =
            ExtractionParser::parse(QStringLiteral("{\"deletes\":[{\"subject\":\"user\",\"predicate\":\"project\"}]}"));
        QVERIFY(onlyDeletes);
        QVERIFY(onlyDeletes->operations.facts.isEmpty());
        QVERIFY(onlyDeletes->operations.updates.isEmpty());
        QCOMPARE(onlyDeletes->operations.deletes.size(), 1);

        const auto nothing = ExtractionParser::parse(QStringLiteral("{\"facts\":[],\"updates\":null}"));
        QVERIFY(nothing);
        QVERIFY(nothing->operations.isEmpty());
        QCOMPARE(nothing->dropped, 0);

        const auto emptyObject = ExtractionParser::parse(QStringLiteral("{}"));
        QVERIFY(emptyObject);
        QVERIFY(emptyObject->operations.isEmpty());
    }

    void bareArrayIsTheFactList()
    {
        const auto parsed = ExtractionParser::parse(
            QStringLiteral("[{\"subject\":\"user\",\"predicate\":\"uses\",\"object\":\"Rust\",\"confidence\":0.9}]"));
        QVERIFY(parsed);
        QCOMPARE(parsed->operations.facts.size(), 1);
        QCOMPARE(parsed->operations.facts.first().predicate, QStringLiteral("tech_stack"));
    }

    void dropsInvalidEntriesAndKeepsTheRest_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("problem");
        QTest::newRow("confidence above 1")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\",\"confidence\":1.5}")
            << q("outside 0..1");
        QTest::newRow("confidence as percent")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\",\"confidence\":95}")
            << q("outside 0..1");
        QTest::newRow("negative confidence")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\",\"confidence\":-0.1}")
            << q("outside 0..1");
        QTest::newRow("confidence as text")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\",\"confidence\":\"high\"}")
            << q("not a number");
        QTest::newRow("confidence as bool")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\",\"confidence\":true}")
            << q("not a number");
        QTest::newRow("empty object")
            << q("{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"   \",\"confidence\":0.9}")
            << q("object is empty");
        QTest::newRow("empty predicate")
            << q("{\"subject\":\"user\",\"predicate\":\"\",\"object\":\"A\",\"confidence\":0.9}")
            << q("predicate is empty");
        QTest::newRow("number object")
            << q("{\"subject\":\"user\",\"predicate\":\"age\",\"object\":28,\"confidence\":0.9}")
            << q("object is not a string");
        QTest::newRow("missing subject") << q("{\"predicate\":\"name\",\"object\":\"A\",\"confidence\":0.9}")
                                         << q("subject is missing");
        QTest::newRow("too long") << QStringLiteral("{\"subject\":\"user\",\"predicate\":\"note\",\"object\":\"%1\"}")
                                         .arg(QString(201, QLatin1Char('x')))
                                  << q("longer than 200");
        QTest::newRow("not an object") << q("\"user likes tea\"") << q("not an object");
    }

    void dropsInvalidEntriesAndKeepsTheRest()
    {
        QFETCH(QString, entry);
        QFETCH(QString, problem);
        const QString reply =
            QStringLiteral("{\"facts\":[%1, "
                           "{\"subject\":\"user\",\"predicate\":\"likes\",\"object\":\"tea\",\"confidence\":0.8}]}")
                .arg(entry);
        const auto parsed = ExtractionParser::parse(reply);
        QVERIFY2(parsed, qPrintable(parsed.errorMessage()));
        QCOMPARE(parsed->operations.facts.size(), 1);
        QCOMPARE(parsed->operations.facts.first().object, QStringLiteral("tea"));
        QCOMPARE(parsed->dropped, 1);
        QCOMPARE(parsed->problems.size(), 1);
        QVERIFY2(parsed->problems.first().startsWith(QStringLiteral("facts[0]")), qPrintable(parsed->problems.first()));
        QVERIFY2(parsed->problems.first().contains(problem), qPrintable(parsed->problems.first()));
    }

    void missingConfidenceIsTheDefault()
    {
        const auto parsed = ExtractionParser::parse(
            QStringLiteral("{\"facts\":[{\"subject\":\"user\",\"predicate\":\"name\",\"object\":\"A\"}]}"));
        QVERIFY(parsed);
        QCOMPARE(parsed->operations.facts.first().confidence, ExtractionParser::kDefaultConfidence);
        QVERIFY(ExtractionParser::kDefaultConfidence >= 0.6); // stated facts are not left pending
    }

    void wrongTypeListIsDroppedWhole()
    {
        const auto parsed =
            ExtractionParser::parse(QStringLiteral("{\"facts\":\"none\",\"deletes\":[{\"subject\":\"user\","
                                                   "\"predicate\":\"job\",\"object\":\"ignored\",\"extra\":1}]}"));
        QVERIFY(parsed);
        QVERIFY(parsed->operations.facts.isEmpty());
        QCOMPARE(parsed->operations.deletes.size(), 1);
        QCOMPARE(parsed->dropped, 1);
        QVERIFY(parsed->problems.first().startsWith(QStringLiteral("facts")));
    }

    void unknownFieldsAreIgnoredAndValuesCleaned()
    {
        const auto parsed = ExtractionParser::parse(
            QStringLiteral("{\"facts\":[{\"subject\":\" User \",\"predicate\":\"Works At\",\"object\":\"  Acme\\nCorp "
                           "\",\"confidence\":0.9,\"reason\":\"said so\"}],\"comment\":\"x\"}"));
        QVERIFY(parsed);
        QCOMPARE(parsed->operations.facts.first(),
                 (FactCandidate{QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Acme Corp"), 0.9}));
    }

    void unreadableRepliesAreErrors_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::newRow("empty") << QString();
        QTest::newRow("prose") << QStringLiteral("I could not find any facts worth remembering.");
        QTest::newRow("garbage") << QStringLiteral("\x01\x02 {{{ ]]] <html>");
        QTest::newRow("truncated") << QStringLiteral("{\"facts\":[{\"subject\":\"user\",\"predicate\":\"name\","
                                                     "\"object\":\"张三\",\"confidence\":0.9},{\"subject\":\"us");
        QTest::newRow("truncated fence") << QStringLiteral("```json\n{\"facts\":[{\"subject\":\"user\",");
        QTest::newRow("flat profile") << QStringLiteral("{\"name\":\"张三\",\"project\":\"电商\"}");
        QTest::newRow("single quotes") << QStringLiteral("{'facts': []}");
    }

    void unreadableRepliesAreErrors()
    {
        QFETCH(QString, reply);
        const auto parsed = ExtractionParser::parse(reply);
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().code, Error::Code::InvalidInput);
        QVERIFY2(parsed.errorMessage().contains(QStringLiteral("nothing was stored")),
                 qPrintable(parsed.errorMessage()));
    }

    void readsSummaryReply()
    {
        const QString reply =
            s(u"```json\n{\"topic\": \"API 限流。\", \"summary\": \"API 限流改成 200 次/分钟，用令牌桶算法。\"}\n```");
        const auto parsed = SummaryParser::parse(reply);
        QVERIFY2(parsed, qPrintable(parsed.errorMessage()));
        QCOMPARE(parsed->topic, s(u"api 限流"));
        QCOMPARE(parsed->summary, s(u"API 限流改成 200 次/分钟，用令牌桶算法。"));
    }

    void summaryWithoutTopicIsKept()
    {
        const auto parsed =
            SummaryParser::parse(QStringLiteral("Here: {\"summary\":\"Chose Redis TTL caching, 5 minutes.\"}"));
        QVERIFY(parsed);
        QVERIFY(parsed->topic.isEmpty());
        QCOMPARE(parsed->summary, QStringLiteral("Chose Redis TTL caching, 5 minutes."));
    }

    void unreadableSummariesAreErrors_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::newRow("prose") << QStringLiteral("The user discussed rate limiting.");
        QTest::newRow("no summary") << QStringLiteral("{\"topic\":\"caching\"}");
        QTest::newRow("empty summary") << QStringLiteral("{\"topic\":\"caching\",\"summary\":\"  \"}");
        QTest::newRow("summary not text") << QStringLiteral("{\"topic\":\"caching\",\"summary\":[\"a\",\"b\"]}");
        QTest::newRow("truncated") << QStringLiteral("{\"topic\":\"caching\",\"summary\":\"Redis TTL");
        QTest::newRow("runaway")
            << QStringLiteral("{\"topic\":\"x\",\"summary\":\"%1\"}").arg(QString(1001, QLatin1Char('y')));
    }

    void unreadableSummariesAreErrors()
    {
        QFETCH(QString, reply);
        const auto parsed = SummaryParser::parse(reply);
        QVERIFY(!parsed);
        QVERIFY2(parsed.errorMessage().contains(QStringLiteral("summary buffer")), qPrintable(parsed.errorMessage()));
    }

    void topicsNormaliseToOneKey()
    {
        QCOMPARE(SummaryParser::normalisedTopic(s(u"  API  限流。")), SummaryParser::normalisedTopic(s(u"api 限流")));
        QCOMPARE(SummaryParser::normalisedTopic(s(u"ＡＰＩ限流")), s(u"api限流")); // full-width folds
        QCOMPARE(SummaryParser::normalisedTopic(QStringLiteral("C++ build")), QStringLiteral("c++ build"));
        QCOMPARE(SummaryParser::normalisedTopic(QStringLiteral("\"C#\"")), QStringLiteral("c#"));
        QCOMPARE(SummaryParser::normalisedTopic(QString(100, QLatin1Char('t'))).size(), SummaryParser::kMaxTopicLength);
    }

    // Found by fuzz_summaryparser: a long topic cut at 64 characters kept the mark or space it was
    // cut at, so normalising the key again gave another key (and summaries merge by that key).
    void cutTopicIsANormalisedKey_data()
    {
        QTest::addColumn<QString>("topic");
        QTest::newRow("quote at the cut") << QString(QString(62, QLatin1Char('a')) + QStringLiteral(",\"b\" tail"));
        QTest::newRow("space at the cut") << QString(QString(63, QLatin1Char('a')) + QStringLiteral(" b"));
        // Lowercasing undoes NFKC: İ (U+0130) becomes i + U+0307, here before another combining mark
        // (U+FE29), which a second NFKC puts in another order; NFKC in turn can make a capital (ℌ → H).
        QTest::newRow("a capital whose lower case is two characters") << s(u"ca\u0130\uFE29#0 topic");
        QTest::newRow("a compatibility capital") << s(u"\u210Cello \u2160 world");
        QTest::newRow("fuzzer's input") << QStringLiteral(
            "{\"topic\":null,\"ry\":[\"not{\"topic\"```json\n:null,\"ry\":[\"not\uFFFD,\"text\"]}"
            "\uFFFD,\"text\"]}");
    }

    void cutTopicIsANormalisedKey()
    {
        QFETCH(QString, topic);
        const QString key = SummaryParser::normalisedTopic(topic);
        QVERIFY(key.size() <= SummaryParser::kMaxTopicLength);
        QCOMPARE(SummaryParser::normalisedTopic(key), key);
    }
};

QTEST_GUILESS_MAIN(TestExtractionParser)
#include "tst_extractionparser.moc"
