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
    explicit ErrorBanner(QWidget* parent = nullptr);

    void showMessage(const QString& text, const QString& detail, bool offerSettings);
    // Says what a failed turn means for the user and what to do; `endpoint` is the address in use.
    void showTurnError(ChatEngine::ErrorKind kind, const QString& detail, const QString& endpoint);
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
};

} // namespace engram
