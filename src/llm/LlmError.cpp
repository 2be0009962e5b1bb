#include "llm/LlmError.h"

#include <nlohmann/json.hpp>

namespace engram {
namespace {

struct ServerWords
{
    QString message;
    QString code;
    QString type;
};

QString jsonText(const nlohmann::json& j, const char* key)
{
    const auto it = j.find(key);
    if (it == j.end())
        return {};
    if (it->is_string())
        return QString::fromStdString(it->get<std::string>());
    if (it->is_number_integer())
        return QString::number(it->get<long long>());
    return {};
}

// Reads the error shapes servers use: OpenAI {"error":{"message","type","code"}}, Ollama and
// others {"error":"text"}, FastAPI {"detail":"text"}, DashScope {"code","message"}.
ServerWords readServerWords(const QByteArray& body)
{
    ServerWords words;
    try {
        const auto j = nlohmann::json::parse(body.constBegin(), body.constEnd());
        if (!j.is_object())
            return words;
        const auto error = j.find("error");
        if (error != j.end() && error->is_object()) {
            words.message = jsonText(*error, "message");
            words.code = jsonText(*error, "code");
            words.type = jsonText(*error, "type");
        } else if (error != j.end() && error->is_string()) {
            words.message = QString::fromStdString(error->get<std::string>());
        } else {
            words.message = jsonText(j, "message");
            if (words.message.isEmpty())
                words.message = jsonText(j, "detail");
            words.code = jsonText(j, "code");
        }
    } catch (const nlohmann::json::exception&) {
        // Not JSON: a proxy's HTML page or plain text. Keep a short, single-line excerpt of it.
        const QString plain = QString::fromUtf8(body.left(300)).simplified();
        if (!plain.startsWith(QLatin1Char('<')))
            words.message = plain;
    }
    return words;
}

bool mentionsMissingModel(const ServerWords& words)
{
    if (words.code == QLatin1String("model_not_found"))
        return true;
    const QString m = words.message.toLower();
    return m.contains(QLatin1String("model")) &&
           (m.contains(QLatin1String("not found")) || m.contains(QLatin1String("does not exist")) ||
            m.contains(QLatin1String("not exist")));
}

LlmError make(LlmError::Kind kind, QString message, int status = 0)
{
    LlmError e;
    e.kind = kind;
    e.message = std::move(message);
    e.httpStatus = status;
    return e;
}

QString messageForStatus(int status, const ServerWords& words, const LlmError::Context& context, LlmError::Kind& kind)
{
    if (status == 401 || status == 403) {
        kind = LlmError::Kind::BadKey;
        return LlmError::tr("The model server at %1 refused the API key. Check the key in the model settings.")
            .arg(context.server);
    }
    if (mentionsMissingModel(words)) {
        kind = LlmError::Kind::UnknownModel;
        return LlmError::tr("The model server at %1 has no model called “%2”. Choose one of its models in the "
                            "model settings.")
            .arg(context.server, context.model);
    }
    if (status == 404) {
        kind = LlmError::Kind::UnknownModel;
        return LlmError::tr("The model server at %1 does not know the model “%2”, or the address is not an "
                            "OpenAI-compatible API (it usually ends in /v1).")
            .arg(context.server, context.model);
    }
    if (status == 429) {
        kind = LlmError::Kind::RateLimited;
        if (words.code == QLatin1String("insufficient_quota"))
            return LlmError::tr("Your account at %1 has no quota left. Check your plan or billing with the provider.")
                .arg(context.server);
        return LlmError::tr("The model server at %1 is receiving too many requests. Wait a moment and try again.")
            .arg(context.server);
    }
    if (status == 408) {
        kind = LlmError::Kind::Timeout;
        return LlmError::tr("The model server at %1 took too long to read the request. Try again.").arg(context.server);
    }
    if (status >= 500) {
        kind = LlmError::Kind::ServerError;
        return LlmError::tr("The model server at %1 had an internal problem (HTTP %2). Try again later.")
            .arg(context.server)
            .arg(status);
    }
    if (status >= 400) {
        kind = LlmError::Kind::BadRequest;
        return LlmError::tr("The model server at %1 refused the request (HTTP %2).").arg(context.server).arg(status);
    }
    kind = LlmError::Kind::UnreadableReply;
    return LlmError::tr("The model server at %1 answered with an unexpected HTTP status %2.")
        .arg(context.server)
        .arg(status);
}

} // namespace

QString LlmError::text() const
{
    QString text = message;
    if (!serverMessage.isEmpty())
        text += QLatin1Char('\n') + tr("The server said: %1").arg(serverMessage);
    if (!detail.isEmpty())
        text += QLatin1Char('\n') + tr("Details: %1").arg(detail);
    return text;
}

bool LlmError::isRetryable() const
{
    switch (kind) {
    case Kind::RateLimited:
        return serverCode != QLatin1String("insufficient_quota");
    case Kind::ServerError:
    case Kind::Unreachable:
    case Kind::Interrupted:
        return true;
    case Kind::Timeout:
        return httpStatus == 408; // the server asked for a resend; an idle stream is not retried
    default:
        return false;
    }
}

Error LlmError::toError() const
{
    return {Error::Code::Network, text()};
}

QString LlmError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::BadKey:
        return QStringLiteral("bad_key");
    case Kind::UnknownModel:
        return QStringLiteral("unknown_model");
    case Kind::RateLimited:
        return QStringLiteral("rate_limited");
    case Kind::Unreachable:
        return QStringLiteral("unreachable");
    case Kind::ServerError:
        return QStringLiteral("server_error");
    case Kind::BadRequest:
        return QStringLiteral("bad_request");
    case Kind::UnreadableReply:
        return QStringLiteral("unreadable_reply");
    case Kind::Cancelled:
        return QStringLiteral("cancelled");
    case Kind::Timeout:
        return QStringLiteral("timeout");
    case Kind::Interrupted:
        return QStringLiteral("interrupted");
    }
    return {};
}

LlmError LlmError::cancelled()
{
    return make(Kind::Cancelled, tr("The request was cancelled."));
}

LlmError LlmError::timeout(int idleMs)
{
    const int seconds = std::max(1, (idleMs + 999) / 1000);
    return make(Kind::Timeout, tr("The model server stopped answering for %n second(s). Try again, or raise the "
                                  "timeout in the model settings.",
                                  nullptr, seconds));
}

LlmError LlmError::deadline(int deadlineMs)
{
    const int seconds = std::max(1, (deadlineMs + 999) / 1000);
    return make(Kind::Timeout, tr("The model server was still sending its reply after %n second(s), the longest a "
                                  "reply may take. Try again, or raise the limit in the model settings.",
                                  nullptr, seconds));
}

LlmError LlmError::tooLarge(qint64 limitBytes)
{
    const int mebibytes = static_cast<int>(std::max<qint64>(1, limitBytes >> 20));
    return make(Kind::UnreadableReply, tr("The model server sent a reply larger than %n MiB, more than Engram "
                                          "reads. Check that the address points to an OpenAI-compatible API.",
                                          nullptr, mebibytes));
}

LlmError LlmError::unreachable(const Context& context, const QString& detail)
{
    LlmError e = make(Kind::Unreachable, tr("Cannot reach the model server at %1. Check that it is running and "
                                            "that the address in the model settings is right.")
                                             .arg(context.server));
    e.detail = detail;
    return e;
}

LlmError LlmError::interrupted()
{
    // Whether a part was kept is for the caller to say: only it knows whether it stored one.
    return make(Kind::Interrupted, tr("The connection to the model server broke before the reply was complete."));
}

LlmError LlmError::unreadable(const QString& detail)
{
    LlmError e = make(Kind::UnreadableReply, tr("The model server sent a reply Engram cannot read. Check that the "
                                                "address points to an OpenAI-compatible API."));
    e.detail = detail;
    return e;
}

LlmError LlmError::fromHttp(int status, const QByteArray& body, const Context& context)
{
    const ServerWords words = readServerWords(body);
    Kind kind{Kind::ServerError};
    LlmError e = make(Kind::ServerError, messageForStatus(status, words, context, kind), status);
    e.kind = kind;
    e.serverMessage = maskSecret(words.message, context.apiKey);
    e.serverCode = words.code.isEmpty() ? words.type : words.code;
    return e;
}

LlmError LlmError::fromErrorObject(const QByteArray& json, const Context& context)
{
    const ServerWords words = readServerWords(json);
    LlmError e;
    if (mentionsMissingModel(words)) {
        Kind kind{};
        e.message = messageForStatus(404, words, context, kind);
        e.kind = kind;
    } else if (words.code == QLatin1String("rate_limit_exceeded") ||
               words.code == QLatin1String("insufficient_quota")) {
        Kind kind{};
        e.serverCode = words.code;
        e.message = messageForStatus(429, words, context, kind);
        e.kind = kind;
    } else {
        e.kind = Kind::ServerError;
        e.message = tr("The model server at %1 reported an error in the middle of its reply.").arg(context.server);
    }
    e.serverMessage = maskSecret(words.message, context.apiKey);
    if (e.serverCode.isEmpty())
        e.serverCode = words.code.isEmpty() ? words.type : words.code;
    return e;
}

QString maskSecret(QString text, const QString& secret)
{
    // Short "keys" (a few letters, e.g. "ollama") are not secret and would mangle ordinary words.
    if (secret.size() >= 8)
        text.replace(secret, QStringLiteral("•••"));
    return text;
}

} // namespace engram
