#pragma once

#include "ChatEngine.h"

#include <QFrame>

class QLabel;
class QPushButton;
class QToolButton;

namespace engram {

// A quiet strip at the top of the chat that says what went wrong and what to do, without
// blocking anything: a message, a detail line, and buttons to open Settings or close it.
class ErrorBanner final : public QFrame
{
    Q_OBJECT

public:
    // What the message is about, so that good news hides only the message it answers.
    enum class Topic
    {
        Model,  // a turn failed, or no model is connected
        Memory, // the memory could not store what was said; it is kept meanwhile
    };

    explicit ErrorBanner(QWidget* parent = nullptr);

    void showMessage(const QString& text, const QString& detail, bool offerSettings, Topic topic = Topic::Model);
    // Says what a failed turn means for the user and what to do; `endpoint` is the address in use.
    void showTurnError(ChatEngine::ErrorKind kind, const QString& detail, const QString& endpoint);
    // The memory did not take the last turn: it is kept, and saved when the server answers again
    // (`onServer`) or the file can be written again.
    void showSavingDelayed(const QString& reason, bool onServer);
    // Hides the banner if its message is about `topic`.
    void dismiss(Topic topic);
    QString text() const;
    QString detail() const;

Q_SIGNALS:
    void settingsRequested();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QLabel* m_icon{};
    QLabel* m_text{};
    QLabel* m_detail{};
    QPushButton* m_settingsButton{};
    QToolButton* m_closeButton{};
    Topic m_topic{Topic::Model};
};

} // namespace engram
