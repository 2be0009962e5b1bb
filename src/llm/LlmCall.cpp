#include "llm/LlmCall.h"

#include "llm/RetryPolicy.h"

#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcLlm, "engram.llm", QtInfoMsg)

namespace engram::detail {
namespace {

// Rephrasing a refused request (dropping an optional field) is tried at most this often per call.
constexpr int kMaxAdaptations = 2;

bool isSuccess(int status)
{
    return status >= 200 && status < 300;
}

std::optional<int> retryAfterOf(const QNetworkReply& reply)
{
    // OpenAI also sends "retry-after-ms"; it is more precise when present.
    bool ok{};
    const int ms = reply.rawHeader("retry-after-ms").trimmed().toInt(&ok);
    if (ok && ms >= 0)
        return ms;
    if (!reply.hasRawHeader("retry-after"))
        return std::nullopt;
    return retry::parseRetryAfter(reply.rawHeader("retry-after"), QDateTime::currentDateTimeUtc());
}

} // namespace

LlmCall::LlmCall(QNetworkAccessManager& nam, const LlmSettings& settings, LlmReply& reply)
    : QObject(&reply)
    , m_nam(nam)
    , m_settings(settings)
    , m_reply(reply)
    , m_context{{}, settings.serverLabel(), settings.apiKey}
{
    for (QTimer* t : {&m_connectTimer, &m_idleTimer, &m_totalTimer, &m_retryTimer, &m_deadlineTimer})
        t->setSingleShot(true);
    m_connectTimer.setInterval(m_settings.connectTimeoutMs);
    m_idleTimer.setInterval(m_settings.idleTimeoutMs);
    m_totalTimer.setInterval(m_settings.requestTimeoutMs);
    m_deadlineTimer.setInterval(m_settings.replyDeadlineMs);
    connect(&m_connectTimer, &QTimer::timeout, this, [this] { onTimeout(&m_connectTimer); });
    connect(&m_idleTimer, &QTimer::timeout, this, [this] { onTimeout(&m_idleTimer); });
    connect(&m_totalTimer, &QTimer::timeout, this, [this] { onTimeout(&m_totalTimer); });
    connect(&m_retryTimer, &QTimer::timeout, this, &LlmCall::sendAttempt);
    connect(&m_deadlineTimer, &QTimer::timeout, this, &LlmCall::onDeadline);
    m_reply.setAbortHandler([this] {
        qCDebug(lcLlm) << "cancelled:" << logUrl();
        m_deadlineTimer.stop();
        stop();
    });
}

LlmCall::~LlmCall()
{
    m_deadlineTimer.stop();
    stop();
}

void LlmCall::start()
{
    // Idle timeouts alone cannot end a stream that sends keep-alives or empty pieces forever.
    if (streams())
        m_deadlineTimer.start();
    sendAttempt();
}

void LlmCall::stop()
{
    for (QTimer* t : {&m_connectTimer, &m_idleTimer, &m_totalTimer, &m_retryTimer})
        t->stop();
    if (m_net) {
        QNetworkReply* net = m_net;
        m_net = nullptr;
        net->disconnect(this);
        net->abort();
        net->deleteLater();
    }
}

void LlmCall::sendAttempt()
{
    stop();
    resetAttempt();
    m_body.clear();
    m_received = 0;
    m_streaming = false;

    QNetworkRequest request(url());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept",
                         streams() ? QByteArrayLiteral("text/event-stream") : QByteArrayLiteral("application/json"));
    request.setRawHeader("User-Agent", QByteArrayLiteral("Engram/" ENGRAM_VERSION));
    if (!m_settings.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_settings.apiKey.toUtf8());
    // Our own timers decide; Qt's transfer timeout would end streams with an anonymous abort.
    request.setTransferTimeout(0);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);

    qCDebug(lcLlm).noquote() << verb() << logUrl() << "attempt" << m_retries + 1;
    m_clock.start();
    m_net = m_nam.sendCustomRequest(request, verb(), body());
    // Any sign that the connection stands ends the connect timeout. requestSent is the precise one
    // for HTTP/1; TLS handshakes and upload progress also cover HTTP/2 streams on a reused connection.
    connect(m_net, &QNetworkReply::requestSent, this, &LlmCall::onRequestSent);
#if QT_CONFIG(ssl)
    connect(m_net, &QNetworkReply::encrypted, this, &LlmCall::onRequestSent);
#endif
    connect(m_net, &QNetworkReply::uploadProgress, this, [this](qint64 sent) {
        if (sent > 0)
            onRequestSent();
    });
    connect(m_net, &QNetworkReply::metaDataChanged, this, &LlmCall::onRequestSent);
    connect(m_net, &QNetworkReply::readyRead, this, &LlmCall::onReadyRead);
    connect(m_net, &QNetworkReply::finished, this, &LlmCall::onFinished);
    m_connectTimer.start();
    if (!streams())
        m_totalTimer.start();
}

void LlmCall::onRequestSent()
{
    // Connected and the request is out: from here on the server's silence is what counts.
    m_connectTimer.stop();
    if (streams() || m_received > 0)
        m_idleTimer.start();
}

void LlmCall::onReadyRead()
{
    if (!m_net)
        return;
    m_connectTimer.stop();
    m_idleTimer.start();
    const QByteArray bytes = m_net->readAll();
    if (m_received == 0) {
        const int status = m_net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray type = m_net->header(QNetworkRequest::ContentTypeHeader).toByteArray().toLower();
        // A server that ignores "stream": true answers with one JSON document; read it whole.
        m_streaming = streams() && isSuccess(status) && !type.contains("json");
    }
    m_received += bytes.size();
    if (m_streaming)
        onStreamBytes(bytes); // may end the call, and even delete this object's reply later
    else
        appendBody(bytes);
}

bool LlmCall::appendBody(const QByteArray& bytes)
{
    if (m_body.size() + bytes.size() <= kMaxBodyBytes) {
        m_body += bytes;
        return true;
    }
    qCWarning(lcLlm).noquote() << "the reply from" << logUrl() << "is larger than" << kMaxBodyBytes << "bytes";
    stop();
    attemptFailed(LlmError::tooLarge(kMaxBodyBytes));
    return false;
}

void LlmCall::onFinished()
{
    if (!m_net || m_reply.isFinished())
        return;
    QNetworkReply* net = m_net;
    if (!appendBody(net->readAll()))
        return;
    const int status = net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const auto error = net->error();
    const qint64 elapsed = m_clock.elapsed();
    qCDebug(lcLlm).noquote() << verb() << logUrl() << "HTTP" << status << "after" << elapsed << "ms,"
                             << m_received + m_body.size() << "bytes";
    if (status != 0 && !isSuccess(status)) {
        handleHttpError(status, m_body);
        return;
    }
    if (status == 0 || error != QNetworkReply::NoError) {
        const LlmError e = networkError();
        stop();
        attemptFailed(e);
        return;
    }
    const QByteArray body = m_streaming ? QByteArray() : m_body;
    stop();
    onSuccess(body);
}

void LlmCall::handleHttpError(int status, const QByteArray& body)
{
    LlmError e = LlmError::fromHttp(status, body, m_context);
    e.retryAfterMs = retryAfterOf(*m_net);
    stop();
    if (m_adaptations < kMaxAdaptations && adaptTo(e, body)) {
        ++m_adaptations;
        qCInfo(lcLlm).noquote() << "the server refused an optional field; sending again without it";
        sendAttempt();
        return;
    }
    attemptFailed(e);
}

LlmError LlmCall::networkError() const
{
    const QString detail = maskSecret(m_net->errorString(), m_settings.apiKey);
    const int status = m_net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 0 || m_net->error() == QNetworkReply::RemoteHostClosedError) {
        LlmError e = LlmError::interrupted();
        e.detail = detail;
        return e;
    }
    return LlmError::unreachable(m_context, detail);
}

void LlmCall::onTimeout(QTimer* which)
{
    const bool connecting = which == &m_connectTimer;
    const int ms = connecting              ? m_settings.connectTimeoutMs
                   : which == &m_idleTimer ? m_settings.idleTimeoutMs
                                           : m_settings.requestTimeoutMs;
    qCInfo(lcLlm).noquote() << (connecting ? "no connection to" : "no answer from") << logUrl() << "within" << ms
                            << "ms";
    stop();
    attemptFailed(connecting ? LlmError::unreachable(m_context, LlmError::tr("No connection within %n second(s).",
                                                                             nullptr, std::max(1, (ms + 999) / 1000)))
                             : LlmError::timeout(ms));
}

void LlmCall::onDeadline()
{
    qCInfo(lcLlm).noquote() << "the reply from" << logUrl() << "was still going after" << m_settings.replyDeadlineMs
                            << "ms";
    stop();
    attemptFailed(LlmError::deadline(m_settings.replyDeadlineMs));
}

void LlmCall::attemptFailed(const LlmError& error)
{
    if (m_reply.isFinished())
        return;
    const bool mayRetry = !hasDelivered() && error.isRetryable() && m_retries < m_settings.maxRetries;
    const bool waitTooLong = error.retryAfterMs && *error.retryAfterMs > m_settings.maxRetryAfterMs;
    if (!mayRetry || waitTooLong) {
        qCWarning(lcLlm).noquote() << verb() << logUrl() << "failed:" << LlmError::kindName(error.kind) << "HTTP"
                                   << error.httpStatus << error.serverMessage << error.detail;
        m_reply.fail(error);
        return;
    }
    ++m_retries;
    const int delay = error.retryAfterMs
                          ? *error.retryAfterMs
                          : retry::backoffDelayMs(m_retries, m_settings.retryBaseDelayMs, m_settings.retryMaxDelayMs,
                                                  QRandomGenerator::global()->generateDouble());
    qCInfo(lcLlm).noquote() << LlmError::kindName(error.kind) << "HTTP" << error.httpStatus << "from" << logUrl()
                            << "- retry" << m_retries << "in" << delay << "ms";
    m_retryTimer.start(delay); // before the signal: a slot may cancel, which stops the timer
    m_reply.notifyRetrying(m_retries, delay, error);
}

QString LlmCall::logUrl() const
{
    return url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
}

} // namespace engram::detail
