#include "ReplyRecorder.h"

#include <QTest>

namespace engram::test {

QString ReplyOutcome::errorKind() const
{
    return error ? LlmError::kindName(error->kind) : QStringLiteral("(no error)");
}

std::shared_ptr<ReplyOutcome> record(LlmReply* reply)
{
    auto out = std::make_shared<ReplyOutcome>();
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

bool waitEnded(const ReplyOutcome& outcome, int timeoutMs)
{
    return QTest::qWaitFor([&] { return outcome.ended(); }, timeoutMs);
}

ChatRequest userSays(const QString& text)
{
    ChatRequest r;
    r.messages = {ChatMessage::system(QStringLiteral("You are helpful.")), ChatMessage::user(text)};
    return r;
}

} // namespace engram::test
