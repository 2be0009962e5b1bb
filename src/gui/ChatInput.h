#pragma once

#include <QPlainTextEdit>

namespace engram {

// The message box under the chat: Enter sends, Shift+Enter starts a new line, and it grows with
// its text up to a few lines before it scrolls.
class ChatInput final : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit ChatInput(QWidget* parent = nullptr);

    QString text() const { return toPlainText(); }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void submitRequested();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    void updateHeight();
    int heightForLines(int lines) const;
};

} // namespace engram
