#pragma once

#include <QPlainTextEdit>

namespace engram {

// The message box under the chat: Enter sends, Shift+Enter starts a new line, and it grows with
// its text up to a few lines before it scrolls. A paste or a drop that would make the message
// longer than kMaxChars is cut there, and limitReached says so.
class ChatInput final : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit ChatInput(QWidget* parent = nullptr);

    // The most characters a message holds: pages of text, far more than a model's context wants,
    // and as much as the box lays out without stalling. A 10 MB paste is cut here, not stored
    // whole as an episode nor sent whole to the model.
    static constexpr qsizetype kMaxChars = 100'000;

    QString text() const { return toPlainText(); }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void submitRequested();
    // A paste or drop was cut at kMaxChars; `message` tells the user.
    void limitReached(const QString& message);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void insertFromMimeData(const QMimeData* source) override;

private:
    void updateHeight();
    int heightForLines(int lines) const;
};

} // namespace engram
