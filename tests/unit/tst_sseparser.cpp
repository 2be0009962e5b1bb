#include "llm/ChatStreamDecoder.h"
#include "llm/SseParser.h"

#include <QRandomGenerator>
#include <QTest>

using namespace engram;

namespace {

QByteArray chunk(const char* content)
{
    return QByteArrayLiteral("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"") + content +
           QByteArrayLiteral("\"}}]}");
}

// A stream as OpenAI sends it, with a comment, Chinese split across events, an emoji, a finish
// reason, a usage chunk, [DONE], and an event after [DONE] that must be ignored.
QByteArray openAiStream(const QByteArray& eol)
{
    const QList<QByteArray> lines = {
        ": keep-alive",
        "",
        "data: {\"model\":\"m1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}",
        "",
        chunk("你好，"),
        "",
        chunk("世界🙂"),
        "",
        chunk(" and \\\"quotes\\\" \\u00e9"),
        "",
        "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
        "",
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":7,\"completion_tokens\":5,\"total_tokens\":12}}",
        "",
        "data: [DONE]",
        "",
        chunk("after done"),
        "",
    };
    return lines.join(eol) + eol;
}

const QString kText = QStringLiteral("你好，世界🙂 and \"quotes\" é");

// Feeds `stream` cut at the given positions (sorted, exclusive of 0 and size).
QList<SseEvent> parseCut(const QByteArray& stream, const QList<qsizetype>& cuts, SseParser& parser)
{
    QList<SseEvent> events;
    qsizetype from = 0;
    for (qsizetype cut : cuts) {
        events += parser.feed(QByteArrayView(stream).sliced(from, cut - from));
        from = cut;
    }
    events += parser.feed(QByteArrayView(stream).sliced(from));
    return events;
}

ChatStreamDecoder decodeCut(const QByteArray& stream, const QList<qsizetype>& cuts, QString* pieces)
{
    ChatStreamDecoder decoder;
    qsizetype from = 0;
    auto feed = [&](qsizetype to) {
        *pieces += decoder.feed(QByteArrayView(stream).sliced(from, to - from)).join(QString());
        from = to;
    };
    for (qsizetype cut : cuts)
        feed(cut);
    feed(stream.size());
    return decoder;
}

} // namespace

class TestSseParser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitsAnywhereGiveTheSameEvents_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::newRow("LF") << openAiStream("\n");
        QTest::newRow("CRLF") << openAiStream("\r\n");
        QTest::newRow("CR") << openAiStream("\r");
    }

    void splitsAnywhereGiveTheSameEvents()
    {
        QFETCH(QByteArray, stream);
        SseParser whole;
        const QList<SseEvent> expected = whole.feed(stream);
        QCOMPARE(expected.size(), 6); // the comment and everything after [DONE] are not events
        QVERIFY(whole.isDone());
        QVERIFY(expected[1].data.contains("你好，"));

        for (qsizetype cut = 1; cut < stream.size(); ++cut) {
            SseParser parser;
            const QList<SseEvent> events = parseCut(stream, {cut}, parser);
            QVERIFY2(events == expected, qPrintable(QStringLiteral("cut at byte %1").arg(cut)));
            QVERIFY(parser.isDone());
        }
        SseParser byteByByte;
        QList<qsizetype> everyByte;
        for (qsizetype i = 1; i < stream.size(); ++i)
            everyByte.append(i);
        QCOMPARE(parseCut(stream, everyByte, byteByByte), expected);
    }

    void decoderReassemblesTextAtEverySplit_data() { splitsAnywhereGiveTheSameEvents_data(); }

    void decoderReassemblesTextAtEverySplit()
    {
        QFETCH(QByteArray, stream);
        QList<qsizetype> everyByte;
        for (qsizetype i = 1; i < stream.size(); ++i)
            everyByte.append(i);
        QList<QList<qsizetype>> cutsList{{}, everyByte};
        for (qsizetype cut = 1; cut < stream.size(); ++cut)
            cutsList.append(QList<qsizetype>{cut});
        // And a few deterministic random partitions into many pieces.
        QRandomGenerator random(42);
        for (int n = 0; n < 50; ++n) {
            QList<qsizetype> cuts;
            for (qsizetype i = 1; i < stream.size(); ++i) {
                if (random.bounded(6) == 0)
                    cuts.append(i);
            }
            cutsList.append(cuts);
        }
        for (const auto& cuts : cutsList) {
            QString pieces;
            const ChatStreamDecoder d = decodeCut(stream, cuts, &pieces);
            QCOMPARE(pieces, kText);
            QCOMPARE(d.result().text, kText);
            QVERIFY(d.isDone());
            QVERIFY(!d.hasFailed());
            QCOMPARE(d.result().finishReason, QStringLiteral("stop"));
            QCOMPARE(d.result().model, QStringLiteral("m1"));
            QVERIFY(d.result().usage.has_value());
            QCOMPARE(d.result().usage->promptTokens, 7);
            QCOMPARE(d.result().usage->completionTokens, 5);
            QCOMPARE(d.result().usage->totalTokens, 12);
        }
    }

    void multiLineDataJoinsWithNewline_data()
    {
        QTest::addColumn<QByteArray>("eol");
        QTest::newRow("LF") << QByteArray("\n");
        QTest::newRow("CRLF") << QByteArray("\r\n");
        QTest::newRow("CR") << QByteArray("\r");
    }

    void multiLineDataJoinsWithNewline()
    {
        QFETCH(QByteArray, eol);
        const QByteArray stream = QList<QByteArray>{"event: note", "data: 第一", "data:second", "data", "id: 7",
                                                    "retry: 10",   "",           "data: next",  "",     ""}
                                      .join(eol);
        for (qsizetype cut = 1; cut < stream.size(); ++cut) {
            SseParser p;
            const auto events = parseCut(stream, {cut}, p);
            QCOMPARE(events.size(), 2);
            QCOMPARE(events[0].event, QByteArray("note"));
            QCOMPARE(events[0].data, QByteArray("第一\nsecond\n"));
            QCOMPARE(events[0].id, QByteArray("7"));
            QCOMPARE(events[1].data, QByteArray("next"));
            QVERIFY(events[1].event.isEmpty());
        }
    }

    void unterminatedEventIsHeldBack()
    {
        SseParser p;
        QVERIFY(p.feed("data: {\"a\":1}\n").isEmpty());
        QVERIFY(p.hasPendingData());
        QCOMPARE(p.feed("\n").size(), 1);
        QVERIFY(!p.hasPendingData());
        // A CR at the end of a chunk may be the first half of CRLF: no empty line is invented.
        QVERIFY(p.feed("data: x\r").isEmpty());
        QCOMPARE(p.feed("\n\r\n").size(), 1);
    }

    void byteOrderMarkAtStartIsIgnored()
    {
        SseParser p;
        QByteArray stream = QByteArrayLiteral("\xEF\xBB\xBF") + "data: hello\n\n";
        QList<SseEvent> events;
        for (char c : stream)
            events += p.feed(QByteArrayView(&c, 1));
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data, QByteArray("hello"));
    }

    // Found by fuzz_ssestream: a piece of text that starts with U+FEFF lost it (QString::fromUtf8
    // takes it for a byte-order mark). Only the stream's own BOM, before its first line, is dropped.
    void zeroWidthNoBreakSpaceInTheTextIsKept()
    {
        const QByteArray stream = QByteArrayLiteral("\xEF\xBB\xBF") +
                                  chunk("\xEF\xBB\xBF"
                                        "a") +
                                  "\n\n" +
                                  chunk("\xEF\xBB\xBF"
                                        "b") +
                                  "\n\ndata: [DONE]\n\n";
        const QString expected = QChar(0xFEFF) + QStringLiteral("a") + QChar(0xFEFF) + QStringLiteral("b");
        for (qsizetype cut = 1; cut < stream.size(); ++cut) {
            QString pieces;
            const ChatStreamDecoder d = decodeCut(stream, {cut}, &pieces);
            QVERIFY(d.isDone());
            QCOMPARE(d.result().text, expected);
            QCOMPARE(pieces, expected);
        }
    }

    void errorEventFailsTheStreamAndKeepsThePartialText_data()
    {
        QTest::addColumn<QByteArray>("errorEvent");
        QTest::addColumn<int>("kind");
        QTest::newRow("error event") << QByteArray("event: error\ndata: {\"error\":{\"message\":\"overloaded\","
                                                   "\"type\":\"server_error\"}}\n\n")
                                     << int(LlmError::Kind::ServerError);
        QTest::newRow("error object in data")
            << QByteArray("data: {\"error\":{\"message\":\"Rate limit reached\",\"code\":\"rate_limit_exceeded\"}}\n\n")
            << int(LlmError::Kind::RateLimited);
        QTest::newRow("garbled data") << QByteArray("data: {\"choices\":[{\"delta\n\n")
                                      << int(LlmError::Kind::UnreadableReply);
        QTest::newRow("html page") << QByteArray("data: <html>502 Bad Gateway</html>\n\n")
                                   << int(LlmError::Kind::UnreadableReply);
    }

    void errorEventFailsTheStreamAndKeepsThePartialText()
    {
        QFETCH(QByteArray, errorEvent);
        QFETCH(int, kind);
        const QByteArray stream = chunk("部分") + "\n\n" + errorEvent + chunk(" more") + "\n\n";
        for (qsizetype cut = 1; cut < stream.size(); ++cut) {
            QString pieces;
            const ChatStreamDecoder d = decodeCut(stream, {cut}, &pieces);
            QVERIFY(d.hasFailed());
            QCOMPARE(int(d.error()->kind), kind);
            QCOMPARE(d.result().text, QStringLiteral("部分"));
            QCOMPARE(pieces, QStringLiteral("部分"));
        }
    }

    // Found by fuzz_ssestream: fed whole, a failed stream read on to its [DONE] and said it was
    // done; cut after the failure it did not.
    void failedStreamIsNeverDoneWhereverItIsCut()
    {
        const QByteArray stream = chunk("a") + "\n\ndata: <html>502</html>\n\ndata: [DONE]\n\n";
        for (qsizetype cut = 1; cut <= stream.size(); ++cut) {
            QString pieces;
            const ChatStreamDecoder d = decodeCut(stream, {cut}, &pieces);
            QVERIFY(d.hasFailed());
            QVERIFY2(!d.isDone(), qPrintable(QString::number(cut)));
        }
    }

    // Found by fuzz_ssestream: an event of a readable chunk line and an unreadable one failed the
    // stream, but the readable line's text was kept in the result though never handed out.
    void unreadableEventAddsNoTextOfItsReadableLines()
    {
        ChatStreamDecoder d;
        const QByteArray stream = chunk("a") + "\ndata: [DONE]\n\n";
        const QStringList pieces = d.feed(stream);
        QVERIFY(d.hasFailed());
        QVERIFY(pieces.isEmpty());
        QCOMPARE(d.result().text, QString());
    }

    void errorEventCarriesTheServersMessage()
    {
        ChatStreamDecoder d;
        d.feed("data: {\"error\":{\"message\":\"The server is overloaded\",\"type\":\"server_error\"}}\n\n");
        QVERIFY(d.hasFailed());
        QCOMPARE(d.error()->serverMessage, QStringLiteral("The server is overloaded"));
        QVERIFY(d.error()->text().contains(QStringLiteral("The server is overloaded")));
    }

    void dataLinesWithoutBlankSeparatorsStillDecode()
    {
        // Non-compliant servers sometimes omit the blank line between chunks.
        ChatStreamDecoder d;
        const QByteArray stream = chunk("a") + "\n" + chunk("b") + "\n" + chunk("c") + "\n\n";
        const QStringList pieces = d.feed(stream);
        QVERIFY(!d.hasFailed());
        QCOMPARE(pieces.join(QString()), QStringLiteral("abc"));
    }

    void finishReasonWithoutDoneIsRecorded()
    {
        ChatStreamDecoder d;
        const QByteArray stream =
            chunk("hi") + "\n\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}\n\n";
        d.feed(stream);
        QVERIFY(!d.isDone());
        QVERIFY(d.hasFinishReason());
        QCOMPARE(d.result().finishReason, QStringLiteral("length"));
        QVERIFY(!d.result().usage.has_value());
    }

    void nullContentAndKeepAliveObjectsAreSkipped()
    {
        ChatStreamDecoder d;
        const QByteArray stream = "data: {\"choices\":[{\"delta\":{\"content\":null}}]}\n\n"
                                  "data: {\"object\":\"keep-alive\"}\n\n" +
                                  chunk("x") + "\n\n";
        const QStringList pieces = d.feed(stream);
        QVERIFY(!d.hasFailed());
        QCOMPARE(pieces, QStringList{QStringLiteral("x")});
    }
};

QTEST_GUILESS_MAIN(TestSseParser)
#include "tst_sseparser.moc"
