#include "FakeLlmServer.h"
#include "ReplyRecorder.h"
#include "llm/ChatStreamDecoder.h"
#include "llm/LlmCall.h"
#include "llm/LlmClient.h"

#include <QSettings>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace engram;
using namespace engram::test;

namespace {

constexpr int kWaitMs = 10000; // generous: the machine may be busy; behaviour is asserted, not speed

// JSON bodies live out here, balanced: moc misreads raw string literals inside the test class.
const QByteArray kBadKeyBody =
    R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}})";
const QByteArray kNoAccessBody = R"({"error":{"message":"no access"}})";
const QByteArray kModelNotFoundBody = R"({"error":{"message":"The model `x` does not exist",)"
                                      R"("type":"invalid_request_error","code":"model_not_found"}})";
const QByteArray kBadRequestBody = R"({"error":{"message":"messages is required"}})";
const QByteArray kTruncatedJson = "{\"choices\":[{\"mess"; // cut off mid-way
const QByteArray kJsonWithoutChoices = R"({"hello":"world"})";

} // namespace

class TestLlmClient final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneByteChunksReassembleExactly()
    {
        FakeLlmServer server;
        QVERIFY(server.isListening());
        const QString text = QStringLiteral("你好🙂 — 世界！👨‍👩‍👧");
        server.enqueue(FakeReply::stream(text, 1));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("打个招呼"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->failedCount, 0);
        QCOMPARE(out->finishedCount, 1);
        QCOMPARE(out->joined(), text);
        QCOMPARE(out->result->text, text);
        QVERIFY2(out->deltas.size() > 3, "the text should arrive in several pieces");
        QCOMPARE(out->result->finishReason, QStringLiteral("stop"));
        QVERIFY(out->result->usage.has_value());
        QVERIFY(out->result->usage->completionTokens > 0);

        const RecordedRequest request = server.lastRequest();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QStringLiteral("/v1/chat/completions"));
        QVERIFY(request.isStream());
        QCOMPARE(request.header("accept"), QByteArray("text/event-stream"));
        QCOMPARE(request.model(), QStringLiteral("fake-chat"));
        QCOMPARE(request.lastUserMessage(), QStringLiteral("打个招呼"));
        QCOMPARE(request.systemPrompt(), QStringLiteral("You are helpful."));
    }

    void chosenCutsInsideCharactersReassemble()
    {
        // Cuts at every third byte land inside the 3-byte Chinese and 4-byte emoji sequences at
        // every alignment, and inside "data:" and JSON escapes.
        FakeLlmServer server;
        const QString text = QStringLiteral("记得🙂吗？\"quoted\" 🎉");
        QList<int> cuts;
        for (int i = 1; i < 4000; i += 3)
            cuts.append(i);
        server.enqueue(FakeReply::stream(text).withCutsAt(cuts, 0));
        server.enqueue(FakeReply::stream(text).withCutsAt({150, 151, 152, 153, 154, 155, 156}));
        LlmClient client(server.clientSettings());
        for (int round = 0; round < 2; ++round) {
            auto out = record(client.streamChat(userSays(QStringLiteral("hi"))));
            QVERIFY(waitEnded(*out));
            QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
            QCOMPARE(out->joined(), text);
        }
        QCOMPARE(server.pendingReplies(), 0);
    }

    void completeReturnsWholeReply()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("I like green tea"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QVERIFY(out->deltas.isEmpty());
        QVERIFY(out->result->text.contains(QStringLiteral("I like green tea")));
        QVERIFY(!server.lastRequest().isStream());
        QVERIFY(!server.lastRequest().wantsJsonObject());
    }

    void backgroundRequestsUseTheExtractionModel()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.extractionModel = QStringLiteral("fake-small");
        LlmClient client(settings);
        ChatRequest request = userSays(QStringLiteral("x"));
        request.use = ModelUse::Extraction;
        QVERIFY(waitEnded(*record(client.complete(request))));
        QCOMPARE(server.lastRequest().model(), QStringLiteral("fake-small"));

        settings.extractionModel.clear();
        client.setSettings(settings);
        QVERIFY(waitEnded(*record(client.complete(request))));
        QCOMPARE(server.lastRequest().model(), QStringLiteral("fake-chat"));
    }

    void errorsAreTypedAndNeverRetried_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("inMessage");
        QTest::newRow("401") << 401 << kBadKeyBody << "bad_key"
                             << "API key";
        QTest::newRow("403") << 403 << kNoAccessBody << "bad_key"
                             << "API key";
        QTest::newRow("404 model_not_found") << 404 << kModelNotFoundBody << "unknown_model"
                                             << "fake-chat";
        QTest::newRow("404 plain") << 404 << QByteArray("404 page not found") << "unknown_model"
                                   << "/v1";
        QTest::newRow("400") << 400 << kBadRequestBody << "bad_request"
                             << "HTTP 400";
    }

    void errorsAreTypedAndNeverRetried()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(QString, kind);
        QFETCH(QString, inMessage);
        for (bool stream : {true, false}) {
            FakeLlmServer server;
            server.enqueue(FakeReply::raw(status, body, "application/json"));
            LlmClient client(server.clientSettings());
            const ChatRequest request = userSays(QStringLiteral("hi"));
            auto out = record(stream ? client.streamChat(request) : client.complete(request));
            QVERIFY(waitEnded(*out));
            QCOMPARE(out->errorKind(), kind);
            QCOMPARE(out->error->httpStatus, status);
            QVERIFY2(out->error->message.contains(inMessage), qPrintable(out->error->message));
            QVERIFY(out->retryDelays.isEmpty());
            QCOMPARE(server.requestCount(), 1);
            QCOMPARE(server.pendingReplies(), 0);
        }
    }

    void serverErrorMessageReachesTheUser()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(404, QStringLiteral("The model `x` does not exist"),
                                        QStringLiteral("invalid_request_error"), QStringLiteral("model_not_found")));
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("hi"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->error->kind, LlmError::Kind::UnknownModel);
        QCOMPARE(out->error->serverCode, QStringLiteral("model_not_found"));
        QVERIFY(out->error->text().contains(QStringLiteral("The model `x` does not exist")));
    }

    void unknownModelAtTheServer()
    {
        FakeLlmServer server;
        server.setRejectUnknownModels(true);
        LlmSettings settings = server.clientSettings();
        settings.chatModel = QStringLiteral("gpt-imaginary");
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hi"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("unknown_model"));
        QVERIFY(out->error->message.contains(QStringLiteral("gpt-imaginary")));
        QCOMPARE(server.requestCount(), 1);
    }

    void rateLimitWaitsForRetryAfterThenSucceeds()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("Rate limit reached")).withRetryAfter(1));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QVERIFY(out->result->text.contains(QStringLiteral("hello")));
        QCOMPARE(server.requestCount(), 2);
        QCOMPARE(out->retryDelays, QList<int>{1000}); // the server's delay, not the client's backoff
    }

    void serverErrorIsRetriedOnce()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(500, QStringLiteral("boom")));
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 2);
        QCOMPARE(out->retryDelays.size(), 1);
    }

    void retriesStopAtTheLimit()
    {
        FakeLlmServer server;
        for (int i = 0; i < 5; ++i)
            server.enqueue(FakeReply::error(503, QStringLiteral("overloaded")));
        LlmSettings settings = server.clientSettings();
        settings.maxRetries = 2;
        LlmClient client(settings);
        auto out = record(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("server_error"));
        QCOMPARE(out->error->serverMessage, QStringLiteral("overloaded"));
        QCOMPARE(server.requestCount(), 3);
        QCOMPARE(out->retryDelays.size(), 2);
    }

    void tooLongRetryAfterFailsAtOnce()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("slow down")).withRetryAfter(3600));
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("rate_limited"));
        QCOMPARE(out->error->retryAfterMs, std::optional<int>(3600 * 1000));
        QCOMPARE(server.requestCount(), 1);
    }

    void exhaustedQuotaIsNotRetried()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("You exceeded your current quota"),
                                        QStringLiteral("insufficient_quota"), QStringLiteral("insufficient_quota")));
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("rate_limited"));
        QVERIFY(out->error->message.contains(QStringLiteral("quota")));
        QCOMPARE(server.requestCount(), 1);
    }

    void stallBeyondIdleTimeoutIsATimeout_data()
    {
        QTest::addColumn<FakeReply>("reply");
        QTest::addColumn<bool>("partial");
        QTest::newRow("before the reply") << FakeReply::stall(5000) << false;
        QTest::newRow("mid-stream")
            << FakeReply::stream(QStringLiteral("The first words, then silence")).withStallAfter(600, 5000) << true;
    }

    void stallBeyondIdleTimeoutIsATimeout()
    {
        QFETCH(FakeReply, reply);
        QFETCH(bool, partial);
        FakeLlmServer server;
        server.enqueue(reply);
        LlmSettings settings = server.clientSettings();
        settings.idleTimeoutMs = 300;
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("timeout"));
        QVERIFY(!out->error->message.isEmpty());
        QCOMPARE(!out->textAtFailure.isEmpty(), partial);
        QCOMPARE(out->textAtFailure, out->joined());
        QCOMPARE(server.requestCount(), 1);
    }

    void slowServerWithinTimeoutsSucceeds()
    {
        // The connect timeout ends once the request is sent: a model that thinks long is not "unreachable".
        FakeLlmServer server;
        server.enqueue(FakeReply::stall(1200));
        server.enqueue(FakeReply::stall(1200));
        LlmSettings settings = server.clientSettings();
        settings.connectTimeoutMs = 300;
        LlmClient client(settings);
        auto streamed = record(client.streamChat(userSays(QStringLiteral("one"))));
        auto whole = record(client.complete(userSays(QStringLiteral("two"))));
        QVERIFY(waitEnded(*streamed));
        QVERIFY(waitEnded(*whole));
        QCOMPARE(streamed->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(whole->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 2);
    }

    void endlessKeepAliveEndsAtTheDeadline_data()
    {
        QTest::addColumn<bool>("emptyDeltas");
        QTest::addColumn<QString>("text");
        QTest::newRow("comments, no text") << false << QString();
        QTest::newRow("comments after some text") << false << QStringLiteral("Thinking it over");
        QTest::newRow("empty deltas after some text") << true << QStringLiteral("Let me see");
    }

    // A server that keeps its stream alive for ever: the idle timeout never fires, the deadline does.
    void endlessKeepAliveEndsAtTheDeadline()
    {
        QFETCH(bool, emptyDeltas);
        QFETCH(QString, text);
        FakeLlmServer server;
        server.enqueue(FakeReply::stream(text).withEndlessKeepAlive(50, emptyDeltas));
        LlmSettings settings = server.clientSettings();
        settings.idleTimeoutMs = 400; // far longer than the keep-alive interval: never reached
        settings.replyDeadlineMs = 1500;
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out, 30000));
        QCOMPARE(out->errorKind(), QStringLiteral("timeout"));
        QVERIFY2(out->error->message.contains(QStringLiteral("still sending")), qPrintable(out->error->message));
        QCOMPARE(out->textAtFailure, text);
        QCOMPARE(server.requestCount(), 1); // a deadline is not retried
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs); // the client hung up
    }

    void deadlineCoversTheRetriesToo()
    {
        // Two attempts that each stay within the idle timeout, but not together within the deadline.
        FakeLlmServer server;
        server.enqueue(FakeReply::error(503, "busy"));
        server.enqueue(FakeReply::stream(QString()).withEndlessKeepAlive(50));
        LlmSettings settings = server.clientSettings();
        settings.replyDeadlineMs = 1500;
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out, 30000));
        QCOMPARE(out->errorKind(), QStringLiteral("timeout"));
        QCOMPARE(server.requestCount(), 2);
    }

    void replyDeadlineIsASetting()
    {
        QTemporaryDir dir;
        QSettings file(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        LlmSettings s;
        QCOMPARE(s.replyDeadlineMs, 300000); // five minutes unless changed
        s.replyDeadlineMs = 42000;
        s.save(file);
        QCOMPARE(file.value(QString::fromLatin1(LlmSettingsKey::replyDeadlineSeconds)).toInt(), 42);
        QCOMPARE(LlmSettings::load(file, QProcessEnvironment()).replyDeadlineMs, 42000);
        s.replyDeadlineMs = 0;
        QVERIFY(!s.validate().ok());
    }

    // A runaway reply is cut at kMaxReplyChars: what came is kept, the rest is not read.
    void hugeStreamedReplyIsCut()
    {
        FakeLlmServer server;
        const QString text = QStringLiteral("汉字🙂ab").repeated(kMaxReplyChars / 3); // twice the limit
        // A stream that would never end by itself: only the cut can finish the reply.
        server.enqueue(FakeReply::stream(text).withDeltaChars(4099).withEndlessKeepAlive(50));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("write forever"))));
        QVERIFY(waitEnded(*out, 60000));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QVERIFY(out->result->truncated);
        QVERIFY(out->result->text.size() <= kMaxReplyChars);
        QVERIFY(out->result->text.size() >= kMaxReplyChars - 1); // at most half a surrogate pair less
        QVERIFY(text.startsWith(out->result->text));
        QVERIFY(!out->result->text.back().isHighSurrogate());
        QCOMPARE(out->joined(), out->result->text);
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs); // stopped reading
    }

    void hugeWholeReplyIsCut()
    {
        FakeLlmServer server;
        const QString text = QStringLiteral("x").repeated(kMaxReplyChars + 10);
        server.enqueue(FakeReply::text(text).withForcedStreaming(false));
        server.enqueue(FakeReply::text(QStringLiteral("short")).withForcedStreaming(false));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out, 60000));
        QVERIFY(out->result->truncated);
        QCOMPARE(out->result->text.size(), kMaxReplyChars);
        auto shortOne = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*shortOne));
        QVERIFY(!shortOne->result->truncated);
    }

    void endlessLineIsRefused()
    {
        // A "stream" that never ends a line: refused once the line passes kMaxEventBytes.
        FakeLlmServer server;
        QByteArray body = "data: ";
        body += QByteArray(kMaxEventBytes + 1024, 'a');
        server.enqueue(FakeReply::raw(200, body, "text/event-stream").withChunkBytes(1 << 20, 0));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out, 60000));
        QCOMPARE(out->errorKind(), QStringLiteral("unreadable_reply"));
    }

    void hugeWholeBodyIsRefused()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::raw(200, QByteArray(detail::kMaxBodyBytes + 1, ' '), "application/json"));
        LlmClient client(server.clientSettings());
        auto out = record(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out, 60000));
        QCOMPARE(out->errorKind(), QStringLiteral("unreadable_reply"));
        QVERIFY2(out->error->message.contains(QStringLiteral("MiB")), qPrintable(out->error->message));
    }

    void droppedConnectionKeepsThePartialText()
    {
        FakeLlmServer server;
        const QString text = QStringLiteral("Once upon a time, 在很久以前, there was a stream that broke.");
        server.enqueue(FakeReply::stream(text).withChunkBytes(40, 2).withDropAfter(700));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("tell a story"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("interrupted"));
        // Whether the part is kept is the caller's to say: the client itself stores nothing.
        QVERIFY(!out->error->message.contains(QStringLiteral("kept")));
        QVERIFY(!out->textAtFailure.isEmpty());
        QVERIFY(text.startsWith(out->textAtFailure));
        QVERIFY(out->textAtFailure.size() < text.size());
        QCOMPARE(out->textAtFailure, out->joined());
        QCOMPARE(server.requestCount(), 1); // text already shown is never sent twice
        QCOMPARE(server.droppedResponses(), 1);
    }

    void dropBeforeAnyTextIsRetried()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::dropAfter(0));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 2);
    }

    void streamWithoutFinishOrDoneIsInterrupted()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::stream(QStringLiteral("half a sentence")).withFinishReason({}).withoutDone());
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("interrupted"));
        QCOMPARE(out->textAtFailure, QStringLiteral("half a sentence"));
    }

    void streamWithFinishButNoDoneSucceeds()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("complete")).withFinishReason(QStringLiteral("length")).withoutDone());
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("(no error)"));
        QCOMPARE(out->result->text, QStringLiteral("complete"));
        QCOMPARE(out->result->finishReason, QStringLiteral("length"));
    }

    void errorInsideStreamFailsWithPartialText()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("partial answer")).withStreamError(QStringLiteral("overloaded")));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("server_error"));
        QCOMPARE(out->error->serverMessage, QStringLiteral("overloaded"));
        QCOMPARE(out->textAtFailure, QStringLiteral("partial answer"));
        QCOMPARE(server.requestCount(), 1);
    }

    void serverThatIgnoresStreamingStillAnswers()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::text(QStringLiteral("whole reply")).withForcedStreaming(false));
        LlmClient client(server.clientSettings());
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->deltas, QStringList{QStringLiteral("whole reply")});
        QCOMPARE(out->result->text, QStringLiteral("whole reply"));
    }

    void unreadableReplies_data()
    {
        QTest::addColumn<FakeReply>("reply");
        QTest::addColumn<bool>("stream");
        QTest::newRow("html, whole") << FakeReply::raw(200, "<html><body>Welcome to nginx</body></html>", "text/html")
                                     << false;
        QTest::newRow("html, streamed") << FakeReply::raw(200, "<html><body>Welcome</body></html>", "text/html")
                                        << true;
        QTest::newRow("truncated json") << FakeReply::raw(200, kTruncatedJson, "application/json") << false;
        QTest::newRow("json without choices") << FakeReply::raw(200, kJsonWithoutChoices, "application/json") << false;
        QTest::newRow("garbled event") << FakeReply::raw(200, "data: {not json}\n\n", "text/event-stream") << true;
    }

    void unreadableReplies()
    {
        QFETCH(FakeReply, reply);
        QFETCH(bool, stream);
        FakeLlmServer server;
        server.enqueue(reply);
        LlmClient client(server.clientSettings());
        auto out = record(stream ? client.streamChat(userSays(QStringLiteral("hi")))
                                 : client.complete(userSays(QStringLiteral("hi"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("unreadable_reply"));
        QVERIFY(out->error->message.contains(QStringLiteral("OpenAI-compatible")));
        QCOMPARE(server.requestCount(), 1);
    }

    void unreachableServerIsRetriedThenReported()
    {
        QTcpServer probe; // find a port nobody listens on
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        LlmSettings settings;
        settings.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        settings.maxRetries = 2;
        settings.retryBaseDelayMs = 10;
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("unreachable"));
        QVERIFY(out->error->message.contains(QStringLiteral("127.0.0.1:%1").arg(port)));
        QVERIFY(!out->error->detail.isEmpty()); // Qt's own words, e.g. "Connection refused"
        QVERIFY(out->error->text().contains(out->error->detail));
        QCOMPARE(out->retryDelays.size(), 2);
    }

    void invalidAddressFailsWithoutSending()
    {
        LlmSettings settings;
        settings.baseUrl = QStringLiteral("localhost:11434");
        LlmClient client(settings);
        auto out = record(client.streamChat(userSays(QStringLiteral("hello"))));
        QCOMPARE(out->failedCount, 0);
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->errorKind(), QStringLiteral("unreachable"));
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llmclient.moc"
