#include "FakeLlmServer.h"
#include "llm/LlmClient.h"

#include <QLoggingCategory>
#include <QPointer>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace engram;
using namespace engram::test;

namespace {

constexpr int kWaitMs = 10000; // generous: the machine may be busy; behaviour is asserted, not speed

// Everything a reply said, kept after the reply has deleted itself.
struct Outcome
{
    QStringList deltas;
    std::optional<ChatResult> result;
    std::optional<LlmError> error;
    QString textAtFailure;
    QList<int> retryDelays;
    int finishedCount{};
    int failedCount{};

    bool ended() const { return finishedCount + failedCount > 0; }
    QString joined() const { return deltas.join(QString()); }
};

std::shared_ptr<Outcome> watch(LlmReply* reply)
{
    auto out = std::make_shared<Outcome>();
    QObject::connect(reply, &LlmReply::failed, reply, [out, reply](const LlmError& e) {
        ++out->failedCount;
        out->error = e;
        if (auto* chat = qobject_cast<ChatReply*>(reply))
            out->textAtFailure = chat->text();
    });
    QObject::connect(reply, &LlmReply::retrying, reply,
                     [out](int, int delayMs, const LlmError&) { out->retryDelays.append(delayMs); });
    if (auto* chat = qobject_cast<ChatReply*>(reply)) {
        QObject::connect(chat, &ChatReply::delta, chat, [out](const QString& piece) { out->deltas.append(piece); });
        QObject::connect(chat, &ChatReply::finished, chat, [out](const ChatResult& r) {
            ++out->finishedCount;
            out->result = r;
        });
    }
    return out;
}

bool waitEnded(const Outcome& out)
{
    return QTest::qWaitFor([&] { return out.ended(); }, kWaitMs);
}

ChatRequest userSays(const QString& text)
{
    ChatRequest r;
    r.messages = {ChatMessage::system(QStringLiteral("You are helpful.")), ChatMessage::user(text)};
    return r;
}

QString kindName(const std::optional<LlmError>& e)
{
    return e ? LlmError::kindName(e->kind) : QStringLiteral("(no error)");
}

// Every message Qt logs while it is installed.
QStringList g_log;
void captureMessage(QtMsgType, const QMessageLogContext& context, const QString& message)
{
    g_log.append(QString::fromLatin1(context.category ? context.category : "") + QLatin1Char(' ') + message);
}

// JSON bodies live out here: moc does not read raw string literals inside the test class.
const QByteArray kBadKeyBody =
    R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}})";
const QByteArray kNoAccessBody = R"({"error":{"message":"no access"}})";
const QByteArray kModelNotFoundBody = R"({"error":{"message":"The model `x` does not exist",)"
                                      R"("type":"invalid_request_error","code":"model_not_found"}})";
const QByteArray kBadRequestBody = R"({"error":{"message":"messages is required"}})";
const QByteArray kTruncatedJson = kTruncatedJson;
const QByteArray kJsonWithoutChoices = kJsonWithoutChoices;
const QByteArray kEmbeddingsOutOfOrder =
    R"({"data":[{"index":1,"embedding":[0,1]},{"index":0,"embedding":[1,0]}],"model":"e"})";
const QString kEmptyExtraction = QStringLiteral(R"({"facts":[],"updates":[],"deletes":[]})");
const QString kOneFact = QStringLiteral(R"({"facts":[{"subject":"user"}]})");

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
        auto out = watch(client.streamChat(userSays(QStringLiteral("打个招呼"))));
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

    void completeReturnsWholeReply()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        auto out = watch(client.complete(userSays(QStringLiteral("I like green tea"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
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
        QVERIFY(waitEnded(*watch(client.complete(request))));
        QCOMPARE(server.lastRequest().model(), QStringLiteral("fake-small"));

        settings.extractionModel.clear();
        client.setSettings(settings);
        QVERIFY(waitEnded(*watch(client.complete(request))));
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
            auto out = watch(stream ? client.streamChat(request) : client.complete(request));
            QVERIFY(waitEnded(*out));
            QCOMPARE(kindName(out->error), kind);
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
        auto out = watch(client.complete(userSays(QStringLiteral("hi"))));
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
        auto out = watch(client.streamChat(userSays(QStringLiteral("hi"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("unknown_model"));
        QVERIFY(out->error->message.contains(QStringLiteral("gpt-imaginary")));
        QCOMPARE(server.requestCount(), 1);
    }

    void rateLimitWaitsForRetryAfterThenSucceeds()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("Rate limit reached")).withRetryAfter(1));
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
        QVERIFY(out->result->text.contains(QStringLiteral("hello")));
        QCOMPARE(server.requestCount(), 2);
        QCOMPARE(out->retryDelays, QList<int>{1000}); // the server's delay, not the client's backoff
    }

    void serverErrorIsRetriedOnce()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(500, QStringLiteral("boom")));
        LlmClient client(server.clientSettings());
        auto out = watch(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
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
        auto out = watch(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("server_error"));
        QCOMPARE(out->error->serverMessage, QStringLiteral("overloaded"));
        QCOMPARE(server.requestCount(), 3);
        QCOMPARE(out->retryDelays.size(), 2);
    }

    void tooLongRetryAfterFailsAtOnce()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("slow down")).withRetryAfter(3600));
        LlmClient client(server.clientSettings());
        auto out = watch(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("rate_limited"));
        QCOMPARE(out->error->retryAfterMs, std::optional<int>(3600 * 1000));
        QCOMPARE(server.requestCount(), 1);
    }

    void exhaustedQuotaIsNotRetried()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(429, QStringLiteral("You exceeded your current quota"),
                                        QStringLiteral("insufficient_quota"), QStringLiteral("insufficient_quota")));
        LlmClient client(server.clientSettings());
        auto out = watch(client.complete(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("rate_limited"));
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
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("timeout"));
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
        auto streamed = watch(client.streamChat(userSays(QStringLiteral("one"))));
        auto whole = watch(client.complete(userSays(QStringLiteral("two"))));
        QVERIFY(waitEnded(*streamed));
        QVERIFY(waitEnded(*whole));
        QCOMPARE(kindName(streamed->error), QStringLiteral("(no error)"));
        QCOMPARE(kindName(whole->error), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 2);
    }

    void droppedConnectionKeepsThePartialText()
    {
        FakeLlmServer server;
        const QString text = QStringLiteral("Once upon a time, 在很久以前, there was a stream that broke.");
        server.enqueue(FakeReply::stream(text).withChunkBytes(40, 2).withDropAfter(700));
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("tell a story"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("interrupted"));
        QVERIFY(out->error->message.contains(QStringLiteral("kept")));
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
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 2);
    }

    void streamWithoutFinishOrDoneIsInterrupted()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::stream(QStringLiteral("half a sentence")).withFinishReason({}).withoutDone());
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("interrupted"));
        QCOMPARE(out->textAtFailure, QStringLiteral("half a sentence"));
    }

    void streamWithFinishButNoDoneSucceeds()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("complete")).withFinishReason(QStringLiteral("length")).withoutDone());
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
        QCOMPARE(out->result->text, QStringLiteral("complete"));
        QCOMPARE(out->result->finishReason, QStringLiteral("length"));
    }

    void errorInsideStreamFailsWithPartialText()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("partial answer")).withStreamError(QStringLiteral("overloaded")));
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("server_error"));
        QCOMPARE(out->error->serverMessage, QStringLiteral("overloaded"));
        QCOMPARE(out->textAtFailure, QStringLiteral("partial answer"));
        QCOMPARE(server.requestCount(), 1);
    }

    void serverThatIgnoresStreamingStillAnswers()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::text(QStringLiteral("whole reply")).withForcedStreaming(false));
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
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
        auto out = watch(stream ? client.streamChat(userSays(QStringLiteral("hi")))
                                : client.complete(userSays(QStringLiteral("hi"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("unreadable_reply"));
        QVERIFY(out->error->message.contains(QStringLiteral("OpenAI-compatible")));
        QCOMPARE(server.requestCount(), 1);
    }

    void cancelInsideDeltaStopsAtOnce()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("one two three four five six seven eight nine ten")).withChunkBytes(8, 5));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.streamChat(userSays(QStringLiteral("count")));
        reply->setAutoDelete(false); // so that only cancel() itself can stop the request
        std::unique_ptr<ChatReply> owner(reply);
        auto out = watch(reply);
        int failedWhenCancelReturned = -1;
        connect(reply, &ChatReply::delta, this, [&, reply] {
            if (out->deltas.size() == 1) {
                reply->cancel();
                failedWhenCancelReturned = out->failedCount;
            }
        });
        QVERIFY(waitEnded(*out));
        QCOMPARE(failedWhenCancelReturned, 1); // failed(Cancelled) before cancel() returned
        QCOMPARE(kindName(out->error), QStringLiteral("cancelled"));
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs); // the connection really closed
        QCOMPARE(out->deltas.size(), 1);
        QCOMPARE(out->finishedCount, 0);
        QCOMPARE(out->failedCount, 1);
        QCOMPARE(server.requestCount(), 1);
    }

    void cancelFromOutsideStopsDeltas()
    {
        FakeLlmServer server;
        server.enqueue(
            FakeReply::stream(QStringLiteral("a slow and steady stream of many words")).withChunkBytes(4, 10));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.streamChat(userSays(QStringLiteral("go")));
        auto out = watch(reply);
        QTRY_VERIFY_WITH_TIMEOUT(out->deltas.size() >= 2, kWaitMs);
        QPointer<ChatReply> guard(reply);
        reply->cancel();
        const int seen = static_cast<int>(out->deltas.size());
        QCOMPARE(out->failedCount, 1);
        QTRY_VERIFY_WITH_TIMEOUT(guard.isNull(), kWaitMs); // deleted itself, and its request with it
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs);
        QCOMPARE(out->deltas.size(), seen);
        QCOMPARE(out->finishedCount, 0);
        QCOMPARE(kindName(out->error), QStringLiteral("cancelled"));
    }

    void cancelDuringBackoffSendsNothingMore()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(503, QStringLiteral("busy")).withRetryAfter(2));
        LlmClient client(server.clientSettings());
        ChatReply* reply = client.complete(userSays(QStringLiteral("hello")));
        QPointer<ChatReply> guard(reply);
        auto out = watch(reply);
        QTRY_COMPARE_WITH_TIMEOUT(out->retryDelays.size(), 1, kWaitMs);
        reply->cancel();
        QCOMPARE(kindName(out->error), QStringLiteral("cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(guard.isNull(), kWaitMs); // its retry timer went with it
        QCOMPARE(server.requestCount(), 1);
    }

    void jsonObjectFallsBackWhenRefused()
    {
        FakeLlmServer server;
        server.setRejectResponseFormat(true);
        LlmClient client(server.clientSettings());
        ChatRequest request;
        request.messages = {ChatMessage::system(QStringLiteral("Extract facts. Answer in JSON.")),
                            ChatMessage::user(QStringLiteral("I live in Hangzhou."))};
        request.jsonObject = true;
        auto out = watch(client.complete(request));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
        QCOMPARE(out->result->text, kEmptyExtraction);
        QCOMPARE(server.requestCount(), 2);
        QVERIFY(server.requests()[0].wantsJsonObject());
        QVERIFY(!server.requests()[1].json.contains("response_format"));

        // Learnt: the next JSON request goes without the field straight away.
        auto again = watch(client.complete(request));
        QVERIFY(waitEnded(*again));
        QCOMPARE(kindName(again->error), QStringLiteral("(no error)"));
        QCOMPARE(server.requestCount(), 3);
        QVERIFY(!server.lastRequest().json.contains("response_format"));
    }

    void jsonObjectIsSentWhenAccepted()
    {
        FakeLlmServer server;
        server.enqueue(FakeMatch::extraction(), FakeReply::json({{"facts", {{{"subject", "user"}}}}}));
        LlmClient client(server.clientSettings());
        ChatRequest request = userSays(QStringLiteral("I like tea"));
        request.jsonObject = true;
        auto out = watch(client.complete(request));
        QVERIFY(waitEnded(*out));
        QCOMPARE(out->result->text, kOneFact);
        QCOMPARE(server.requestCount(), 1);
        QVERIFY(server.lastRequest().wantsJsonObject());
    }

    void streamUsageFallsBackWhenRefused()
    {
        FakeLlmServer server;
        server.setRejectStreamOptions(true);
        LlmClient client(server.clientSettings());
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("(no error)"));
        QVERIFY(!out->result->usage.has_value());
        QCOMPARE(server.requestCount(), 2);
        auto again = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*again));
        QCOMPARE(server.requestCount(), 3);
    }

    void keyIsSentButNeverLogged()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.apiKey = QStringLiteral("sk-proj-SECRET-4f9a8b7c6d5e");
        server.enqueue(FakeMatch::streaming(), FakeReply::error(500, QStringLiteral("boom")));
        server.enqueue(
            [](const RecordedRequest& r) { return !r.isStream(); },
            FakeReply::error(401, QStringLiteral("Incorrect API key provided: sk-proj-SECRET-4f9a8b7c6d5e.")));
        LlmClient client(settings);

        g_log.clear();
        QLoggingCategory::setFilterRules(QStringLiteral("engram.llm*=true"));
        const QtMessageHandler previous = qInstallMessageHandler(captureMessage);
        auto ok = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        const bool okEnded = waitEnded(*ok);
        auto bad = watch(client.complete(userSays(QStringLiteral("hello"))));
        const bool badEnded = waitEnded(*bad);
        qInstallMessageHandler(previous);
        QLoggingCategory::setFilterRules(QString());

        QVERIFY(okEnded && badEnded);
        QCOMPARE(kindName(ok->error), QStringLiteral("(no error)"));
        QCOMPARE(kindName(bad->error), QStringLiteral("bad_key"));
        for (const RecordedRequest& r : server.requests())
            QCOMPARE(r.header("authorization"), QByteArray("Bearer sk-proj-SECRET-4f9a8b7c6d5e"));
        QVERIFY2(g_log.filter(QStringLiteral("chat/completions")).size() >= 3, "the client should log its requests");
        for (const QString& line : std::as_const(g_log)) {
            QVERIFY2(!line.contains(QStringLiteral("SECRET")), qPrintable(line));
            QVERIFY2(!line.contains(QStringLiteral("Bearer"), Qt::CaseInsensitive), qPrintable(line));
            QVERIFY2(!line.contains(QStringLiteral("Authorization"), Qt::CaseInsensitive), qPrintable(line));
        }
        QVERIFY(!bad->error->text().contains(QStringLiteral("SECRET"))); // the server echoed it; we mask it
        QVERIFY(bad->error->text().contains(QStringLiteral("Incorrect API key provided")));
    }

    void noKeyNoAuthorizationHeader()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.apiKey.clear();
        LlmClient client(settings);
        QVERIFY(waitEnded(*watch(client.complete(userSays(QStringLiteral("hello"))))));
        QVERIFY(!server.lastRequest().headers.contains("authorization"));
    }

    void embeddingsComeBackInOrder()
    {
        FakeLlmServer server;
        LlmClient client(server.clientSettings());
        QVERIFY(client.canEmbed());
        const QStringList texts{QStringLiteral("hello world"), QStringLiteral("你好世界"), QString()};
        EmbeddingReply* reply = client.embed(texts);
        std::optional<EmbeddingResult> result;
        connect(reply, &EmbeddingReply::finished, this, [&](const EmbeddingResult& r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kWaitMs);
        QCOMPARE(result->vectors.size(), 3);
        QCOMPARE(result->vectors[0], FakeLlmServer::embeddingFor(texts[0]));
        QCOMPARE(result->vectors[1], FakeLlmServer::embeddingFor(texts[1]));
        QCOMPARE(result->vectors[0].size(), 64);
        QVERIFY(result->vectors[0] != result->vectors[1]);
        QCOMPARE(server.lastRequest().path, QStringLiteral("/v1/embeddings"));
        QCOMPARE(server.lastRequest().embeddingInputs(), texts);
        QCOMPARE(server.lastRequest().model(), QStringLiteral("fake-embed"));
    }

    void embeddingsScriptedOutOfOrder()
    {
        FakeLlmServer server;
        server.enqueue(FakeMatch::embeddings(), FakeReply::raw(200, kEmbeddingsOutOfOrder, "application/json"));
        LlmClient client(server.clientSettings());
        EmbeddingReply* reply = client.embed({QStringLiteral("a"), QStringLiteral("b")});
        std::optional<EmbeddingResult> result;
        connect(reply, &EmbeddingReply::finished, this, [&](const EmbeddingResult& r) { result = r; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kWaitMs);
        QCOMPARE(result->vectors[0], (QList<float>{1, 0}));
        QCOMPARE(result->vectors[1], (QList<float>{0, 1}));
    }

    void embeddingsOffFailsWithoutARequest()
    {
        FakeLlmServer server;
        LlmSettings settings = server.clientSettings();
        settings.embeddingModel.clear();
        LlmClient client(settings);
        QVERIFY(!client.canEmbed());
        EmbeddingReply* reply = client.embed({QStringLiteral("a")});
        auto out = watch(reply);
        QCOMPARE(out->failedCount, 0); // never before the caller could connect
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("bad_request"));
        QCOMPARE(server.requestCount(), 0);
    }

    void listsModels()
    {
        FakeLlmServer server;
        server.setModels({QStringLiteral("qwen2.5:7b"), QStringLiteral("llama3.2")});
        LlmClient client(server.clientSettings());
        ModelListReply* reply = client.listModels();
        std::optional<QStringList> models;
        connect(reply, &ModelListReply::finished, this, [&](const QStringList& m) { models = m; });
        QTRY_VERIFY_WITH_TIMEOUT(models.has_value(), kWaitMs);
        QCOMPARE(*models, (QStringList{QStringLiteral("llama3.2"), QStringLiteral("qwen2.5:7b")}));
        QCOMPARE(server.lastRequest().method, QByteArray("GET"));
        QCOMPARE(server.lastRequest().path, QStringLiteral("/v1/models"));
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
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("unreachable"));
        QVERIFY(out->error->message.contains(QStringLiteral("127.0.0.1:%1").arg(port)));
        QCOMPARE(out->retryDelays.size(), 2);
    }

    void invalidAddressFailsWithoutSending()
    {
        LlmSettings settings;
        settings.baseUrl = QStringLiteral("localhost:11434");
        LlmClient client(settings);
        auto out = watch(client.streamChat(userSays(QStringLiteral("hello"))));
        QCOMPARE(out->failedCount, 0);
        QVERIFY(waitEnded(*out));
        QCOMPARE(kindName(out->error), QStringLiteral("unreachable"));
    }

    void callbackStyleGetsOneResult()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::error(401, "bad key"));
        LlmClient client(server.clientSettings());
        QList<QString> seen;
        whenDone(client.complete(userSays(QStringLiteral("one"))), this, [&](const LlmResult<ChatResult>& r) {
            seen.append(r ? r->text : LlmError::kindName(r.error().kind));
        });
        QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 1, kWaitMs);
        QCOMPARE(seen.front(), QStringLiteral("bad_key"));
        std::optional<qsizetype> vectors;
        whenDone(client.embed({QStringLiteral("a"), QStringLiteral("b")}), this,
                 [&](const LlmResult<EmbeddingResult>& r) { vectors = r ? r->vectors.size() : -1; });
        QTRY_VERIFY_WITH_TIMEOUT(vectors.has_value(), kWaitMs);
        QCOMPARE(*vectors, 2);
        QCOMPARE(seen.size(), 1);
    }

    void deletingTheClientEndsQuietly()
    {
        FakeLlmServer server;
        server.enqueue(FakeReply::stall(5000));
        auto client = std::make_unique<LlmClient>(server.clientSettings());
        auto out = watch(client->streamChat(userSays(QStringLiteral("hello"))));
        QTRY_COMPARE_WITH_TIMEOUT(server.requestCount(), 1, kWaitMs);
        client.reset();
        QTRY_COMPARE_WITH_TIMEOUT(server.abortedResponses(), 1, kWaitMs);
        QCOMPARE(out->finishedCount + out->failedCount, 0);
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llmclient.moc"
