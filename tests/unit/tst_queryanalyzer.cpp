#include "memory/QueryAnalyzer.h"
#include "storage/SqliteBackend.h"

#include <QRandomGenerator>
#include <QTest>

using namespace engram;

namespace {

const QDateTime kNow(QDate(2024, 4, 10), QTime(10, 0), Qt::UTC);

QStringList texts(const AnalyzedQuery& q)
{
    QStringList list;
    for (const QueryTerm& t : q.terms)
        list.append(t.text);
    return list;
}

double weightOf(const AnalyzedQuery& q, const QString& text)
{
    for (const QueryTerm& t : q.terms) {
        if (t.text == text)
            return t.weight;
    }
    return -1;
}

quint32 partsOf(const AnalyzedQuery& q, const QString& text)
{
    for (const QueryTerm& t : q.terms) {
        if (t.text == text)
            return t.parts;
    }
    return 0xFFFFFFFF;
}

QDate dayOf(const QString& query)
{
    const auto window = QueryAnalyzer::analyze(query, kNow).time;
    return window ? window->start.date() : QDate();
}

} // namespace

class TestQueryAnalyzer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void englishFunctionWordsAreDropped()
    {
        const QStringList terms = texts(QueryAnalyzer::analyze(QStringLiteral("What did Kevin watch on TV?"), kNow));
        QCOMPARE(terms, (QStringList{QStringLiteral("kevin"), QStringLiteral("watch"), QStringLiteral("tv")}));
    }

    void stemmedFormsOfStopWordsAreDroppedToo()
    {
        // "does" is indexed as its stem; the analyser must know that form as a stop word.
        const QStringList terms = texts(QueryAnalyzer::analyze(QStringLiteral("Does she like hiking?"), kNow));
        QCOMPARE(terms, QStringList{QStringLiteral("hike")});
    }

    void chineseFunctionCharactersAndWordsAreDropped()
    {
        const QStringList terms = texts(QueryAnalyzer::analyze(QStringLiteral("我妈妈的家乡是哪里呢？"), kNow));
        QVERIFY(terms.contains(QStringLiteral("妈妈")));
        QVERIFY(terms.contains(QStringLiteral("家乡")));
        for (const QString& gone : {QStringLiteral("我"), QStringLiteral("的"), QStringLiteral("是"),
                                    QStringLiteral("哪里"), QStringLiteral("呢"), QStringLiteral("是哪")})
            QVERIFY2(!terms.contains(gone), qPrintable(gone));
        // A bigram with one content character stays: it may be half of a word.
        QVERIFY(terms.contains(QStringLiteral("的家")));
    }

    void aQueryOfStopWordsOnlyStillSearches()
    {
        const AnalyzedQuery q = QueryAnalyzer::analyze(QStringLiteral("what is it?"), kNow);
        QCOMPARE(texts(q), (QStringList{QStringLiteral("what"), QStringLiteral("is"), QStringLiteral("it")}));
    }

    void questionSentencesOutweighTheChatterAroundThem()
    {
        const AnalyzedQuery q =
            QueryAnalyzer::analyze(QStringLiteral("今天天气真好，适合散步。我住的小区叫什么？"), kNow);
        QCOMPARE(weightOf(q, QStringLiteral("小区")), 1.0);
        QCOMPARE(weightOf(q, QStringLiteral("天气")), QueryAnalyzer::kChatterWeight);
        // In the expression a question term is written three times, a chatter term once.
        const QString match = fts5Expression(q.searchTerms());
        QCOMPARE(match.count(QStringLiteral("\"小区\"")), 3);
        QCOMPARE(match.count(QStringLiteral("\"天气\"")), 1);
    }

    void withoutAQuestionEverySentenceCounts()
    {
        const AnalyzedQuery q = QueryAnalyzer::analyze(QStringLiteral("Deploy the cache. Then call Anna."), kNow);
        QCOMPARE(weightOf(q, QStringLiteral("cach")), 1.0); // stemmed, as the index is
        QCOMPARE(weightOf(q, QStringLiteral("anna")), 1.0);
        QCOMPARE(fts5Expression(q.searchTerms()).count(QStringLiteral("\"cach\"")), 1);
    }

    void aTermInBothTheQuestionAndTheChatterKeepsTheHigherWeight()
    {
        const AnalyzedQuery q =
            QueryAnalyzer::analyze(QStringLiteral("The garden looks great. Where did I buy the garden chairs?"), kNow);
        QCOMPARE(weightOf(q, QStringLiteral("garden")), 1.0);
        QCOMPARE(weightOf(q, QStringLiteral("look")), QueryAnalyzer::kChatterWeight);
    }

    void eachQuestionOfACompoundQueryIsAPartOfItsOwn()
    {
        const AnalyzedQuery zh =
            QueryAnalyzer::analyze(QStringLiteral("今天好冷。我表哥是做什么的？另外，我的手机是什么型号？"), kNow);
        QCOMPARE(zh.parts, 2);
        QCOMPARE(partsOf(zh, QStringLiteral("表哥")), 1u);
        QCOMPARE(partsOf(zh, QStringLiteral("手机")), 2u);
        QCOMPARE(partsOf(zh, QStringLiteral("好冷")), 0u); // chatter belongs to no question
        const AnalyzedQuery en =
            QueryAnalyzer::analyze(QStringLiteral("Where does Kevin work? And which car does Kevin drive?"), kNow);
        QCOMPARE(en.parts, 2);
        QCOMPARE(partsOf(en, QStringLiteral("kevin")), 3u); // asked about in both
        QCOMPARE(partsOf(en, QStringLiteral("car")), 2u);
    }

    void aSingleQuestionOrNoneIsNotSplit()
    {
        QCOMPARE(QueryAnalyzer::analyze(QStringLiteral("The weather is cold. Where does Kevin work?"), kNow).parts, 1);
        QCOMPARE(QueryAnalyzer::analyze(QStringLiteral("Kevin works in Berlin. He drives a Golf."), kNow).parts, 0);
        // A question of stop words alone adds no part.
        QCOMPARE(QueryAnalyzer::analyze(QStringLiteral("Where does Kevin work? What is it?"), kNow).parts, 1);
    }

    void termsKeepTheirKind()
    {
        QCOMPARE(QueryAnalyzer::kindOf(QStringLiteral("限流")), QueryTerm::Kind::CjkBigram);
        QCOMPARE(QueryAnalyzer::kindOf(QStringLiteral("限")), QueryTerm::Kind::CjkUnigram);
        QCOMPARE(QueryAnalyzer::kindOf(QStringLiteral("deploy")), QueryTerm::Kind::Word);
        QCOMPARE(QueryAnalyzer::kindOf(QStringLiteral("200")), QueryTerm::Kind::Word);
        const AnalyzedQuery q = QueryAnalyzer::analyze(QStringLiteral("API 限流 deploy"), kNow);
        QCOMPARE(q.wordWeight(), 2.0); // "api" and "deploy"; the CJK terms are not words
    }

    void quotesInTermsCannotBreakTheExpression()
    {
        AnalyzedQuery q;
        q.terms.append({QStringLiteral("a\"b"), QueryTerm::Kind::Word, 1.0});
        QCOMPARE(fts5Expression(q.searchTerms()), QStringLiteral("\"a\"\"b\""));
    }

    void explicitDatesBecomeADay_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QDate>("day");
        QTest::newRow("day month year") << QStringLiteral("What did Elise buy on 7 Jan 2024?") << QDate(2024, 1, 7);
        QTest::newRow("month day") << QStringLiteral("Where was I on December 31st?") << QDate(2023, 12, 31);
        QTest::newRow("dotted") << QStringLiteral("What did I read on 02.01.2024?") << QDate(2024, 1, 2);
        QTest::newRow("iso") << QStringLiteral("what happened on 2024-03-05?") << QDate(2024, 3, 5);
        QTest::newRow("chinese full") << QStringLiteral("我2023年11月2日说了什么？") << QDate(2023, 11, 2);
        QTest::newRow("chinese month day") << QStringLiteral("我4月3号说了什么？") << QDate(2024, 4, 3);
        // Without a year, a date after today is last year's.
        QTest::newRow("later this year means last year") << QStringLiteral("我6月1日去哪了？") << QDate(2023, 6, 1);
    }

    void explicitDatesBecomeADay()
    {
        QFETCH(QString, query);
        QFETCH(QDate, day);
        QCOMPARE(dayOf(query), day);
        const auto window = QueryAnalyzer::analyze(query, kNow).time;
        QCOMPARE(window->start.daysTo(window->end), 1);
    }

    void relativeDatesCountFromNow()
    {
        QCOMPARE(dayOf(QStringLiteral("昨天我说了什么？")), QDate(2024, 4, 9));
        QCOMPARE(dayOf(QStringLiteral("What did I say yesterday?")), QDate(2024, 4, 9));
        QCOMPARE(dayOf(QStringLiteral("前天的会议讲了什么？")), QDate(2024, 4, 8));
        // 2024-04-10 is a Wednesday: last week is Monday 1 April to Sunday 7 April.
        const auto week = QueryAnalyzer::analyze(QStringLiteral("上周我们讨论了什么？"), kNow).time;
        QVERIFY(week);
        QCOMPARE(week->start.date(), QDate(2024, 4, 1));
        QCOMPARE(week->end.date(), QDate(2024, 4, 8));
    }

    void aDateInTheChatterIsNotWhatIsAsked()
    {
        QVERIFY(!QueryAnalyzer::analyze(QStringLiteral("昨天下雨了。我住的小区叫什么？"), kNow).time);
        QVERIFY(!QueryAnalyzer::analyze(QStringLiteral("What is my sister's name?"), kNow).time);
    }

    void aWindowContainsItsDayAndTheSlack()
    {
        const TimeWindow w{QDateTime(QDate(2024, 1, 7), QTime(0, 0), Qt::UTC),
                           QDateTime(QDate(2024, 1, 8), QTime(0, 0), Qt::UTC)};
        QVERIFY(w.contains(QDateTime(QDate(2024, 1, 7), QTime(23, 0), Qt::UTC), 0));
        QVERIFY(!w.contains(QDateTime(QDate(2024, 1, 8), QTime(1, 0), Qt::UTC), 0));
        QVERIFY(w.contains(QDateTime(QDate(2024, 1, 9), QTime(1, 0), Qt::UTC), 2));
        QVERIFY(!w.contains(QDateTime(QDate(2024, 1, 4), QTime(23, 0), Qt::UTC), 2));
    }

    void aMegabyteOfTextIsAnalysedWithinTheBounds()
    {
        // A megabyte of random Chinese once made a search take 24 s: every character and pair
        // became a term of the FTS5 expression.
        QRandomGenerator random(13);
        QString pasted;
        for (int i = 0; i < 350'000; ++i)
            pasted.append(QChar(static_cast<char16_t>(random.bounded(0x4E00, 0x9FFF))));
        const AnalyzedQuery q = QueryAnalyzer::analyze(pasted, kNow);
        QCOMPARE(q.terms.size(), QueryAnalyzer::kMaxTerms);
        // The terms kept are the first ones, in query order.
        QCOMPARE(q.terms.first().text, pasted.left(1));
        QVERIFY(fts5Expression(q.searchTerms()).size() < 20 * QueryAnalyzer::kMaxTerms);
    }

    void aQuestionAfterALongPasteIsStillAsked()
    {
        QString pasted;
        for (int i = 0; pasted.size() < 100'000; ++i)
            pasted += QStringLiteral("Log line %1: the worker restarted. ").arg(i);
        const AnalyzedQuery q = QueryAnalyzer::analyze(pasted + QStringLiteral("Why does the walrus crash?"), kNow);
        QVERIFY(q.terms.size() <= QueryAnalyzer::kMaxTerms);
        // The question's terms come first and weigh fully; the pasted text is the chatter around it.
        QCOMPARE(q.terms.first().text, QStringLiteral("log"));
        QCOMPARE(weightOf(q, QStringLiteral("walrus")), 1.0);
        QCOMPARE(weightOf(q, QStringLiteral("crash")), 1.0);
        QCOMPARE(weightOf(q, QStringLiteral("worker")), QueryAnalyzer::kChatterWeight);
        QCOMPARE(q.parts, 1);
    }

    void shortQueriesAreNotBounded()
    {
        // The bounds are far from any real question: a question of 600 characters keeps all of
        // its terms in order.
        QStringList words;
        for (int i = 0; i < 100; ++i)
            words.append(QStringLiteral("w%1").arg(i));
        const AnalyzedQuery q = QueryAnalyzer::analyze(words.join(QLatin1Char(' ')) + QLatin1Char('?'), kNow);
        QCOMPARE(texts(q), words);
    }

    // Issue 14: a message that asks nothing is looked for as a whole, with the user's earlier
    // messages of the window behind it.
    void aStatementIsConversationalAndAQuestionIsNot()
    {
        QVERIFY(
            QueryAnalyzer::analyze(QStringLiteral("Went hiking with Anna today. Legs are sore."), kNow).conversational);
        QVERIFY(!QueryAnalyzer::analyze(QStringLiteral("Legs are sore. Where did I go hiking?"), kNow).conversational);
        QVERIFY(QueryAnalyzer::analyze(QStringLiteral("今天和小王去爬山了，腿好酸。"), kNow).conversational);
        QVERIFY(!QueryAnalyzer::analyze(QStringLiteral("我上次和谁去爬山的？"), kNow).conversational);
    }

    void earlierMessagesWeighLessThanTheLatest()
    {
        const QueryText text(QStringLiteral("The trail was muddy."),
                             {QStringLiteral("too old to count"), QStringLiteral("We drove to Snowdon."),
                              QStringLiteral("Then it rained.")});
        const AnalyzedQuery q = QueryAnalyzer::analyze(text, kNow);
        QCOMPARE(weightOf(q, QStringLiteral("trail")), 1.0);
        QCOMPARE(weightOf(q, QStringLiteral("snowdon")), QueryAnalyzer::kEarlierWeight);
        QCOMPARE(weightOf(q, QStringLiteral("rain")), QueryAnalyzer::kEarlierWeight);
        QCOMPARE(weightOf(q, QStringLiteral("old")), -1.0);  // only the last kEarlierMessages count
        QCOMPARE(texts(q).first(), QStringLiteral("trail")); // the latest message's terms first
        // A word said now and before keeps the weight of now.
        const AnalyzedQuery again =
            QueryAnalyzer::analyze(QueryText(QStringLiteral("Snowdon again"), {QStringLiteral("Snowdon")}), kNow);
        QCOMPARE(weightOf(again, QStringLiteral("snowdon")), 1.0);
    }

    void aQuestionLeavesTheEarlierMessagesOut()
    {
        const AnalyzedQuery q = QueryAnalyzer::analyze(
            QueryText(QStringLiteral("Where did we go hiking?"), {QStringLiteral("Anna brought sandwiches.")}), kNow);
        QVERIFY(!q.conversational);
        QCOMPARE(weightOf(q, QStringLiteral("sandwich")), -1.0);
        QCOMPARE(weightOf(q, QStringLiteral("hike")), 1.0);
    }

    void speakerTagsQuotesAndFillerAreDropped()
    {
        const AnalyzedQuery q = QueryAnalyzer::analyze(
            QStringLiteral(
                "Anna: haha ok the ferry was late\nBen: yeah lol\n> quoted reply text\nAnna: so we missed dinner"),
            kNow);
        const QStringList terms = texts(q);
        QVERIFY(terms.contains(QStringLiteral("ferry")));
        QVERIFY(terms.contains(QStringLiteral("dinner")));
        for (const char* dropped : {"anna", "ben", "haha", "ok", "yeah", "lol", "quot", "quoted"})
            QVERIFY2(!terms.contains(QString::fromLatin1(dropped)), dropped);
        // One "Note:" is not a transcript: its word stays.
        QVERIFY(texts(QueryAnalyzer::analyze(QStringLiteral("Note: buy milk"), kNow)).contains(QStringLiteral("note")));
        // Chinese filler.
        const QStringList zh = texts(QueryAnalyzer::analyze(QStringLiteral("哈哈，嗯嗯，今天的火锅真好吃"), kNow));
        QVERIFY(zh.contains(QStringLiteral("火锅")));
        QVERIFY(!zh.contains(QStringLiteral("哈哈")));
        QVERIFY(!zh.contains(QStringLiteral("嗯嗯")));
    }
};

QTEST_GUILESS_MAIN(TestQueryAnalyzer)
#include "tst_queryanalyzer.moc"
